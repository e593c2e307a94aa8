package org.jumbocap.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.jumbocap.render.FrameContext;
import org.jumbocap.cli.engine.FrameLoop;
import org.jumbocap.cli.render.FollowText;
import org.jumbocap.follow.TcpFollow;
import org.jumbocap.pipeline.FramePipeline;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jumbocap follow tcp STREAM FILE}: one TCP stream's data in order, as tshark's {@code -z follow}. */
@Command(name = "follow", addMethodSubcommands = false, mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = JumbocapCommand.Version.class,
        description = {"Prints the data of one TCP stream in order, each side as its receiver got it.",
                "Retransmitted bytes once, reordered segments in place, a gap the other side acknowledged "
                        + "as \"[N bytes missing in capture file]\"; output as tshark -q -z follow,tcp,raw|ascii|hex|yaml,N. "
                        + "STREAM is tcp.stream as read shows it."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap follow tcp 1 samples/ipv6-bigtcp-veth.pcap",
                "  jumbocap follow tcp 0 -T ascii samples/ipv6-bigtcp-veth.pcap"})
public final class FollowCommand implements Callable<Integer> {
    /** Output formats of {@code -T}. */
    enum Format {
        raw, ascii, hex, yaml
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "tcp", description = "The protocol: tcp.")
    String protocol;

    @Parameters(index = "1", paramLabel = "STREAM", description = "The tcp.stream number.")
    long stream;

    @Parameters(index = "2", paramLabel = "FILE", description = "A capture file (pcap, pcapng, gzip-compressed, or - for standard input).")
    String file;

    @Option(names = "-T", paramLabel = "FORMAT", defaultValue = "raw",
            description = "Output format: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public Integer call() {
        if (!protocol.equals("tcp")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "follow " + protocol + ": only tcp can be followed");
        }
        if (stream < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "STREAM must not be negative");
        }
        JumbocapCommand root = JumbocapCommand.of(spec);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        TcpFollow follow = new TcpFollow(stream);
        FrameLoop.Sink sink = (FramePipeline frame, FrameContext context) ->
                follow.observe(frame.summary(), frame.tcpAnalysis(), frame.frame());
        boolean ok = new FrameLoop(null, 0, false).run(List.of(file), sink, out, err, root.debug());
        StringBuilder s = new StringBuilder(4096);
        FollowText.render(follow, format.name(), s);
        out.append(s);
        out.flush();
        return ok ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }
}
