package org.jumbocap.io.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.io.pcapng.PcapngWriter;

/** Picks the writer by file name: pcapng for {@code .pcapng}, classic pcap otherwise. */
public final class CaptureWriters {
    private CaptureWriters() {
    }

    /** pcapng with nanosecond timestamps, or pcap with microsecond ones (the form every tool reads). */
    public static CaptureWriter create(Path file, int linkType, int snaplen) throws IOException {
        return create(file, linkType, snaplen, isPcapng(file));
    }

    /** Same, choosing the timestamp resolution: nanoseconds make a pcap-nsec file or if_tsresol 9. */
    public static CaptureWriter create(Path file, int linkType, int snaplen, boolean nanos) throws IOException {
        OutputStream out = Files.newOutputStream(file);
        try {
            return isPcapng(file) ? new PcapngWriter(out, linkType, snaplen, nanos)
                    : new PcapWriter(out, linkType, snaplen, nanos);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    public static boolean isPcapng(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".pcapng");
    }
}
