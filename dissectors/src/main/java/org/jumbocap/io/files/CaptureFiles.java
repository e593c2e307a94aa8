package org.jumbocap.io.files;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.jumbocap.io.CaptureFormatException;
import org.jumbocap.io.CaptureInput;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.pcap.PcapReader;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.io.pcapng.PcapngReader;

/**
 * Opens a capture by its magic number, not its name: pcap (either byte order, micro- or nanosecond),
 * pcapng, or either of them gzip-compressed (read as a stream). {@code "-"} is standard input.
 */
public final class CaptureFiles {
    /** The name {@link #open(String)} takes for standard input. */
    public static final String STDIN = "-";

    private static final int GZIP_MAGIC = 0x1F8B;

    private CaptureFiles() {
    }

    /** A path, or {@code "-"} for standard input. */
    public static CaptureReader open(String pathOrDash) throws IOException {
        if (STDIN.equals(pathOrDash)) {
            return open(System.in, "(stdin)");
        }
        return open(Path.of(pathOrDash));
    }

    /** Opens a file; regular files give a seekable reader. */
    public static CaptureReader open(Path file) throws IOException {
        if (STDIN.equals(file.toString())) {
            return open(STDIN);
        }
        if (!Files.isRegularFile(file)) {
            return open(Files.newInputStream(file), file.toString());
        }
        CaptureInput in = CaptureInput.open(file);
        try {
            return sniff(in, file.toString());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Reads a stream, which the reader closes. */
    public static CaptureReader open(InputStream stream, String name) throws IOException {
        CaptureInput in = CaptureInput.of(stream);
        try {
            return sniff(in, name);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    private static CaptureReader sniff(CaptureInput in, String name) throws IOException {
        int got = in.fill(4);
        if (got == 0) {
            throw new CaptureFormatException(name, 0, "empty file: not a pcap or pcapng file");
        }
        byte[] b = in.buffer();
        int p = in.bufferPosition();
        if (got >= 2 && ((b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF)) == GZIP_MAGIC) {
            GZIPInputStream inflated;
            try {
                inflated = new GZIPInputStream(new InputStreamOf(in), 1 << 16);
            } catch (EOFException | ZipException e) {
                throw new CaptureFormatException(name, 0, "gzip header cut short or damaged");
            }
            return sniff(CaptureInput.of(inflated), name);
        }
        if (got < 4) {
            throw new CaptureFormatException(name, 0, "file of " + got + " bytes is too short for a magic number");
        }
        int magic = (b[p] & 0xFF) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
        if (magic == PcapngReader.SHB) {
            return new PcapngReader(in, name);
        }
        int swapped = Integer.reverseBytes(magic);
        if (magic == PcapWriter.MAGIC_MICROS || magic == PcapWriter.MAGIC_NANOS
                || swapped == PcapWriter.MAGIC_MICROS || swapped == PcapWriter.MAGIC_NANOS) {
            return new PcapReader(in, name);
        }
        throw new CaptureFormatException(name, 0, String.format("not a pcap or pcapng file (magic 0x%08x)", magic));
    }

    /** Lets a decompressor read through a {@link CaptureInput}. */
    private static final class InputStreamOf extends InputStream {
        private final CaptureInput in;
        private final byte[] one = new byte[1];

        InputStreamOf(CaptureInput in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int r = in.read(b, off, len);
            return r == 0 ? -1 : r;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
