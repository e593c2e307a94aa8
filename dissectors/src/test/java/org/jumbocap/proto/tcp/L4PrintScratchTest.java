package org.jumbocap.proto.tcp;

import java.nio.file.*;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.*;
import org.jumbocap.tree.*;
import org.junit.jupiter.api.Test;

class L4PrintScratchTest {
    static void print(FieldNode n, String indent, StringBuilder out) {
        out.append(indent).append(n.isHidden() ? "(hidden) " : "").append(n.text()).append(n.isGenerated() ? " [gen]" : "").append("  {").append(n.name()).append(" @").append(n.offset()).append('+').append(n.length()).append("}\n");
        n.experts().forEach(e -> out.append(indent).append("  !! ").append(e.id()).append(": ").append(e.message()).append('\n'));
        for (FieldNode c : n.children()) print(c, indent + "  ", out);
    }
    @Test
    void dump() throws Exception {
        FrameDissector d = new FrameDissector();
        StringBuilder out = new StringBuilder();
        for (String[] spec : new String[][]{{"../samples/ipv6-bigtcp-veth.pcap", "10", "23"}, {"../samples/ipv6-bigtcp-vxlan.pcap", "23"}, {"../samples/crafted/transport-icmpv6-parameter-problem-jumbo.pcap", "1"}, {"../samples/crafted/transport-geneve-options.pcap", "1"}}) {
            try (CaptureReader r = CaptureFiles.open(Path.of(spec[0]))) {
                FrameRecord f = new FrameRecord();
                while (r.next(f)) {
                    for (int i = 1; i < spec.length; i++) if (f.number() == Long.parseLong(spec[i])) {
                        out.append("===== ").append(spec[0]).append(" #").append(f.number()).append('\n');
                        for (FieldNode l : d.dissect(f).layers()) if (!l.name().equals("frame") && !l.name().equals("eth")) print(l, "", out);
                    }
                }
            }
        }
        Files.writeString(Path.of("/tmp/l4scratch/trees.txt"), out);
    }
}
