package org.jumbocap.cli;

import org.jumbocap.cli.progress.ProgressLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jumbocap.cli.engine.CaptureOutput;
import org.jumbocap.render.FrameContext;
import org.jumbocap.cli.engine.FrameFilter;
import org.jumbocap.cli.engine.FrameLoop;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.render.SafeText;
import org.jumbocap.segment.KeepReason;
import org.jumbocap.segment.SegmentReport;
import org.jumbocap.segment.Segmenter;
import org.jumbocap.stats.FlowKey;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jumbocap segment}: super-packets cut back into wire-size segments, for tools that cannot read them. */
@Command(name = "segment", addMethodSubcommands = false, mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a capture in which every TCP super-packet is replaced by the segments TSO would "
                + "have put on the wire; every other frame is copied byte for byte (a checksum left for the "
                + "NIC completed).",
                "Super-packets are RFC 2675 jumbograms, BIG TCP packets with a zero length field and GSO/GRO "
                        + "packets larger than the segment size, over IPv4 and IPv6, behind VLAN tags, on "
                        + "Ethernet, SLL, SLL2, raw IP and loopback, and inside VXLAN, Geneve and IP-in-IP. "
                        + "Segment size: the gso_size the kernel recorded for the super-packet (a pcapng "
                        + "with jumbocap's kernel facts), else "
                        + "the flow's MSS from its SYNs less the TCP options, else --mss, else what --mtu "
                        + "leaves after the headers; a UDP GSO super-packet with a recorded gso_size becomes "
                        + "datagrams of that size. Frames that cannot be rebuilt (cut by the snaplen, "
                        + "malformed, a wrong checksum) are written whole and counted. A summary goes to "
                        + "standard error."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap segment samples/ipv6-bigtcp-veth.pcap -w /tmp/segmented.pcap",
                "  tcpdump -nn -r /tmp/segmented.pcap 'tcp port 5201'",
                "  jumbocap segment --mss 8948 -Y 'tcp.port == 5201' a.pcapng -w b.pcapng",
                "  jumbocap segment big.pcap -w - | tcpdump -nn -r - tcp port 5201",
                "",
                "Exit status as read: 0 ok, 1 bad input or I/O error, 2 usage error."})
public final class SegmentCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    CaptureInputs inputs;

    @Option(names = "-w", required = true, paramLabel = "OUT",
            description = "The capture to write: pcapng (nanosecond times) when it ends in .pcapng, else pcap "
                    + "(microseconds); '-' writes pcap to standard output.")
    String output;

    @Option(names = "--mss", paramLabel = "N",
            description = "MSS for flows whose SYNs are not in the capture (the options each segment carries "
                    + "are taken off it, as the flow's own MSS).")
    int mss;

    @Option(names = "--mtu", paramLabel = "N", defaultValue = "" + Segmenter.DEFAULT_MTU,
            description = "MTU that sizes segments when neither the flow's SYNs nor --mss give an MSS "
                    + "(default ${DEFAULT-VALUE}); counted from the outermost IP header.")
    int mtu;

    @Override
    public Integer call() throws IOException {
        FrameFilter filter = inputs.filter();
        if (mss < 0 || mss > 0xFFFF) {
            throw usage("--mss must be 1..65535");
        }
        if (mtu < 68 || mtu > 0xFFFF + 40) {
            throw usage("--mtu must be 68..65575");
        }
        List<String> files = inputs.files();
        CaptureOutput out = new CaptureOutput(output, JumbocapCommand.of(spec).standardOutput());
        for (String f : files) {
            if (out.sameFileAs(f)) {
                throw usage("-w " + output + " is also an input file");
            }
        }
        JumbocapCommand root = JumbocapCommand.of(spec);
        PrintWriter err = spec.commandLine().getErr();
        Segmenter[] segmenter = new Segmenter[1];
        FrameLoop.Sink sink = (FramePipeline frame, FrameContext context) -> {
            try {
                if (segmenter[0] == null) {
                    segmenter[0] = new Segmenter(out.writerFor(frame.frame()), mss, mtu);
                } else {
                    out.writerFor(frame.frame());
                }
                segmenter[0].write(frame.frame(), frame.summary());
            } catch (IOException e) {
                throw out.failed(e);
            }
        };
        boolean ok;
        try (out) {
            out.reserve();
            ProgressLine progress = ProgressLine.forFiles(files, inputs.noProgress(), err);
            ok = new FrameLoop(filter, inputs.count(), false, inputs.threads()).run(files, ProgressLine.around(progress, sink),
                    spec.commandLine().getOut(), err, root.debug());
            ProgressLine.finish(progress);
            out.finish();
        } catch (IOException e) {
            throw out.failed(e);
        }
        SegmentReport report = segmenter[0] != null ? segmenter[0].report() : null;
        err.print(render(report, output));
        err.flush();
        return ok ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }

    /** The summary: frames in, super-packets split, segments written, frames left whole and why, flow rules. */
    public static String render(SegmentReport r, String output) {
        StringBuilder s = new StringBuilder(512);
        if (r == null) {
            return s.append("segment: no frames; ").append(SafeText.of(output)).append(" holds none\n").toString();
        }
        s.append(String.format(Locale.ROOT, "segment: %,d frames in; %,d super-packets split into %,d segments; "
                        + "%,d frames copied (%,d with an offloaded checksum completed); %,d left whole; "
                        + "%,d frames (%,d bytes) written to %s%n",
                r.framesIn(), r.superPacketsSplit(), r.segmentsWritten(), r.framesCopied(), r.checksumsCompleted(),
                r.keptWhole(),
                r.framesWritten(), r.bytesWritten(), SafeText.of(output)));
        for (Map.Entry<KeepReason, long[]> e : r.keptByReason().entrySet()) {
            s.append(String.format(Locale.ROOT, "  left whole: %,d %s (first: frame %d): %s%n", e.getValue()[0],
                    e.getKey().label(), e.getValue()[1], e.getKey().description()));
        }
        for (Map.Entry<FlowKey, SegmentReport.FlowUse> e : r.flows().entrySet()) {
            SegmentReport.FlowUse u = e.getValue();
            s.append(String.format(Locale.ROOT, "  %s: %s, %,d bytes per segment: %,d super-packets -> %,d segments%n",
                    e.getKey(), u.rule().label(), u.segmentSize(), u.superPackets(), u.segments()));
        }
        return s.toString();
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
