package org.jumbocap.crafted;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.io.pcap.PcapWriter;

/**
 * Every crafted case and the bytes of its pcap file. The files under samples/crafted/ are these bytes;
 * {@code CraftedSamplesTest} checks they still match, and writes them when run with
 * {@code -Djumbocap.regenerate=true}.
 */
public final class CraftedSamples {
    /** One line per family of cases. */
    static final List<CraftedCaseSource> SOURCES = List.of(
            new IpCraftedCases(),
            new TransportCraftedCases(),
            new AuditCraftedCases(),
            new ProtocolCraftedCases(),
            new UdpProtocolCraftedCases(),
            new Http2CraftedCases(),
            new Dhcpv6CraftedCases()
    );

    /** Fixed so regenerated files are byte-identical: 2023-11-14T22:13:20Z. */
    static final long BASE_TIME_NANOS = 1_700_000_000_000_000_000L;

    private CraftedSamples() {
    }

    public static List<CraftedCase> all() {
        List<CraftedCase> out = new ArrayList<>();
        for (CraftedCaseSource s : SOURCES) {
            out.addAll(s.cases());
        }
        return out;
    }

    public static byte[] pcapBytes(CraftedCase c) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PcapWriter w = new PcapWriter(bytes, c.linkType(), 262144, false)) {
            for (int i = 0; i < c.frames().size(); i++) {
                byte[] f = c.frames().get(i);
                long orig = c.originalLengths() == null ? f.length : c.originalLengths()[i];
                w.write(BASE_TIME_NANOS + i * 1_000_000L, f, 0, f.length, orig);
            }
        }
        return bytes.toByteArray();
    }

    public static Path directory() {
        Path p = Path.of("samples", "crafted");
        return Files.isDirectory(p.getParent()) ? p : Path.of("..", "samples", "crafted");
    }
}
