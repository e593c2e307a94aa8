package org.jumbocap.cli;

import org.jumbocap.cli.progress.ProgressLine;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.jumbocap.render.FrameContext;
import org.jumbocap.cli.engine.FrameFilter;
import org.jumbocap.cli.engine.FrameLoop;
import org.jumbocap.render.Colors;
import org.jumbocap.cli.render.StatsReport;
import org.jumbocap.stats.CaptureStatistics;
import org.jumbocap.pipeline.FramePipeline;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code jumbocap stats}: what a capture holds, with jumbograms and super-packets counted. */
@Command(name = "stats", addMethodSubcommands = false, mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Summarises captures: jumbograms, super-packets, flows, checksums, expert items.",
                "Takes the files together: frames, bytes, duration, link types; the protocols (tshark's -z io,phs, "
                + "with the frames each is the highest of); "
                + "jumbograms and BIG TCP super-packets by kind with their share of bytes; a histogram of "
                + "frame sizes up to 512 KB; each conversation and direction with super-packets, largest "
                + "and mean size and segments per super-packet (from the MSS in the SYNs); checksum states; "
                + "frames cut by the snaplen; expert items by id."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap stats samples/ipv6-bigtcp-veth.pcap",
                "  jumbocap stats -Y 'tcp.port == 5201' a.pcap b.pcapng",
                "  jumbocap stats -T json capture.pcap | jq .jumbo",
                "  jumbocap stats --max-flows 1000000 --all many-connections.pcap"})
public final class StatsCommand implements Callable<Integer> {
    /** Output formats of {@code -T}. */
    enum Format {
        text, json
    }

    @Spec
    CommandSpec spec;

    @Mixin
    CaptureInputs inputs;

    @Option(names = "-T", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--verify-checksums", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Sum the bytes every TCP and UDP checksum covers and count good and bad ones (the "
                    + "default; --no-verify-checksums: only offloaded checksums are recognised, from the "
                    + "pseudo-header sum, and no payload byte is read). The report says which was done.")
    boolean verifyChecksums;

    @Option(names = "--max-flows", paramLabel = "N", defaultValue = "" + CaptureStatistics.DEFAULT_MAX_FLOWS,
            description = "Hold at most N conversations at once, in the report's table and in the TCP analysis "
                    + "(default ${DEFAULT-VALUE}, which fits a 64 MB heap): past it a tenth is evicted, closed ones "
                    + "first, then those idle longest, and the report says how many and what they carried.")
    int maxFlows;

    @Option(names = "--top", paramLabel = "N", defaultValue = "" + StatsReport.DEFAULT_TOP,
            description = "List the N largest conversations by bytes when there are more (default ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--all", description = "List every conversation held, in order of first appearance.")
    boolean all;

    @Override
    public Integer call() {
        FrameFilter filter = inputs.filter();
        if (maxFlows < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-flows must be at least 1");
        }
        if (top < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--top must be at least 1 (--all lists every one)");
        }
        JumbocapCommand root = JumbocapCommand.of(spec);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CaptureStatistics stats = new CaptureStatistics();
        stats.setMaxFlows(maxFlows);
        int listed = all ? 0 : top;
        stats.setChecksumsVerified(verifyChecksums);
        FrameLoop.Sink sink = new FrameLoop.Sink() {
            @Override
            public void startFile(String file) {
                stats.startFile(file);
            }

            @Override
            public void frame(FramePipeline frame, FrameContext context) {
                stats.add(frame);
            }
        };
        // the TCP analysis follows no more conversations than the report holds
        FrameLoop loop = new FrameLoop(filter, inputs.count(), verifyChecksums, true, inputs.threads(), maxFlows);
        ProgressLine progress = ProgressLine.forFiles(inputs.files(), inputs.noProgress(), err);
        boolean ok = loop.run(inputs.files(), ProgressLine.around(progress, sink), out, err, root.debug());
        ProgressLine.finish(progress);
        if (ok || stats.frames() > 0 || format == Format.json) {
            // a file that gave no frame at all gets its error line alone, not a text report of zeros;
            // scripts still get one complete JSON object
            out.print(format == Format.json ? StatsReport.json(stats, listed)
                    : StatsReport.text(stats, Colors.of(root.color()), listed));
        }
        out.flush();
        return ok ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }
}
