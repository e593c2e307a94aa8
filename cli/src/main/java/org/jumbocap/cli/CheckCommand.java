package org.jumbocap.cli;

import org.jumbocap.cli.progress.ProgressLine;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.CaptureSources;
import org.jumbocap.capture.host.Ethtool;
import org.jumbocap.capture.host.HostFacts;
import org.jumbocap.capture.host.InterfaceFacts;
import org.jumbocap.capture.host.InterfaceVerdict;
import org.jumbocap.check.CaptureCheck;
import org.jumbocap.render.FrameContext;
import org.jumbocap.cli.engine.FrameLoop;
import org.jumbocap.cli.engine.UserException;
import org.jumbocap.cli.render.CheckReport.CaptureReport;
import org.jumbocap.cli.render.CheckReport.InterfaceReport;
import org.jumbocap.cli.render.CheckReport;
import org.jumbocap.render.Colors;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.pipeline.FramePipeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code jumbocap check}: is BIG TCP on for this host's interfaces, and what does the traffic show. */
@Command(name = "check", addMethodSubcommands = false, mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Tells whether BIG TCP works: on this host's interfaces, and in captured traffic.",
                "With interface names (or nothing: every interface that is up): per interface a verdict for IPv6 "
                + "and for IPv4 BIG TCP (on / partly / off / unknown) with the command that changes it, then the "
                + "facts: MTU, gso/gro/tso max sizes, gso_max_segs, driver and offload features (ethtool), the "
                + "kernel version and what it implies, and what would still stop capture tools.",
                "With capture files: per TCP flow, the share of payload in super-packets, their sizes (median, "
                + "p90, max), segments per super-packet, where the sizes stop and the setting that explains it, "
                + "where the capture was taken, Hop-by-Hop or not, frames cut by the snaplen, and a verdict.",
                "With -i IF --duration S: the interface's facts and a short live capture, checked like a file.",
                "Exit status: 0 when every verdict is healthy, 1 when a problem was found (or on bad input), 2 usage."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap check                      # every interface that is up",
                "  jumbocap check eth0 lo",
                "  jumbocap check samples/ipv6-bigtcp-veth.pcap",
                "  jumbocap check -i eth0 --duration 5   # during a transfer (needs root)",
                "  jumbocap check -T json eth0 | jq '.interfaces[].ipv6.state'"})
public final class CheckCommand implements Callable<Integer> {
    /** Output formats of {@code -T}. */
    enum Format {
        text, json
    }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "IF|FILE",
            description = "Interfaces, or capture files (pcap, pcapng, gzip-compressed; '-' for standard input). "
                    + "An argument that names an existing file is a file.")
    List<String> targets = new ArrayList<>();

    @Option(names = {"-i", "--interface"}, paramLabel = "IF", description = "Capture on IF for --duration seconds and check the traffic too.")
    String liveInterface;

    @Option(names = "--no-progress",
            description = "No progress line on standard error (drawn only when it is a terminal, for files of 16 MiB or more).")
    boolean noProgress;

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "5",
            description = "How long -i captures (default ${DEFAULT-VALUE} s).")
    double duration;

    @Option(names = "--source", paramLabel = "SOURCE", defaultValue = "auto",
            description = "Where -i takes frames from: afpacket (jumbocap's own Linux packet ring, whole "
                    + "super-packets), libpcap, or auto (default): afpacket, and libpcap where AF_PACKET is refused.")
    String sourceName;

    @Option(names = {"-Z", "--relinquish-privileges"}, paramLabel = "USER",
            description = "With -i: " + PrivilegeDrop.HELP)
    String relinquishTo;

    @Option(names = "-T", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--ethtool", paramLabel = "PATH", defaultValue = "ethtool", hidden = true,
            description = "The ethtool binary (tests point it at a missing one).")
    String ethtool;

    @Override
    public Integer call() {
        JumbocapCommand root = JumbocapCommand.of(spec);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (liveInterface != null && !(duration > 0 && duration <= 3600)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--duration must be between 0 and 3600 seconds");
        }
        if (liveInterface != null) {
            PrivilegeDrop.checkUser(spec.commandLine(), relinquishTo);
        } else if (relinquishTo != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-Z gives up the rights -i opens an interface with: it needs -i");
        }
        List<String> files = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String t : targets) {
            if (t.equals("-") || Files.isRegularFile(Path.of(t)) || looksLikeCapture(t)) {
                files.add(t);
            } else {
                names.add(t);
            }
        }
        boolean hostPart = files.isEmpty() || !names.isEmpty() || liveInterface != null;
        List<InterfaceReport> interfaces = new ArrayList<>();
        HostFacts host = null;
        if (hostPart) {
            host = HostFacts.read(new Ethtool(ethtool));
            List<String> wanted = new ArrayList<>(names);
            if (liveInterface != null && !wanted.contains(liveInterface)) {
                wanted.add(liveInterface);
            }
            for (String n : wanted) {
                if (host.interfaces().stream().noneMatch(f -> f.name().equals(n)) && !n.equals("any")) {
                    List<String> known = host.interfaces().stream().map(InterfaceFacts::name).toList();
                    throw new UserException(n + ": no such interface or file (interfaces: " + String.join(", ", known) + ")");
                }
            }
            for (InterfaceFacts f : host.interfaces()) {
                if (wanted.isEmpty() ? f.up() : wanted.contains(f.name())) {
                    interfaces.add(new InterfaceReport(f, InterfaceVerdict.ipv6(f, host.kernel(), host.iproute2()),
                            InterfaceVerdict.ipv4(f, host.kernel(), host.iproute2())));
                }
            }
        }
        List<CaptureReport> captures = new ArrayList<>();
        boolean inputOk = true;
        // a file's error line follows the report that holds every good frame before it
        java.io.StringWriter fileErrors = new java.io.StringWriter();
        PrintWriter errorLines = new PrintWriter(fileErrors);
        for (String file : files) {
            CaptureCheck check = new CaptureCheck();
            FrameLoop.Sink sink = new FrameLoop.Sink() {
                @Override
                public void startFile(String name) {
                    check.startFile(name);
                }

                @Override
                public void frame(FramePipeline frame, FrameContext context) {
                    check.add(frame.summary(), frame.frame());
                }
            };
            ProgressLine progress = ProgressLine.forFiles(List.of(file), noProgress, err);
            boolean ok = new FrameLoop(null, 0, false).run(List.of(file), ProgressLine.around(progress, sink), out, errorLines,
                    root.debug());
            ProgressLine.finish(progress);
            inputOk &= ok;
            if (ok || check.frames() > 0) {
                captures.add(new CaptureReport(file, check));
            }
        }
        if (liveInterface != null) {
            // after the files, which the user the capture becomes (-Z) may not be allowed to read; reported first
            captures.add(0, new CaptureReport(liveInterface + " (live, " + duration + " s)", capture(liveInterface, err)));
        }
        boolean healthy = interfaces.stream().allMatch(InterfaceReport::healthy)
                && captures.stream().allMatch(c -> c.check().healthy());
        var kernel = host == null ? null : host.kernel();
        out.print(format == Format.json ? CheckReport.json(kernel, interfaces, captures, healthy && inputOk)
                : CheckReport.text(kernel, interfaces, captures, Colors.of(root.color())));
        out.flush();
        errorLines.flush();
        err.print(fileErrors);
        err.flush();
        return healthy && inputOk ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }

    private static boolean looksLikeCapture(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        return n.endsWith(".pcap") || n.endsWith(".pcapng") || n.endsWith(".gz") || n.contains("/");
    }

    /** A live capture of {@link #duration} seconds, whole frames, checked as it arrives. */
    private CaptureCheck capture(String device, PrintWriter err) {
        CaptureCheck check = new CaptureCheck();
        check.startFile(device);
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, false);
        CaptureSources.Preference preference = CaptureSources.Preference.of(sourceName);
        if (preference == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--source must be auto, afpacket or libpcap, not '" + sourceName + "'");
        }
        CaptureSources.Opened opened;
        try {
            opened = CaptureSources.open(CaptureSource.Options.defaults(device), preference);
        } catch (CaptureException e) {
            throw new UserException(device + ": " + e.getMessage(), e);
        }
        if (opened.fallback() != null) {
            err.println("jumbocap check: note: " + opened.fallback());
        }
        try (CaptureSource source = opened.source()) {
            // the traffic is dissected below: nothing of it is read with root's rights unless -Z root asks
            PrivilegeDrop.relinquish("check", relinquishTo, List.of(), err);
            err.println("jumbocap check: capturing on " + device + " for " + duration + " s");
            err.flush();
            FrameRecord rec = new FrameRecord();
            long end = System.nanoTime() + (long) (duration * 1e9);
            // libpcap's read timeout does not return from an idle ring, so the end is signalled from outside
            Thread timer = new Thread(() -> {
                try {
                    Thread.sleep((long) (duration * 1000));
                } catch (InterruptedException e) {
                    return;
                }
                source.breakLoop();
            }, "check-duration");
            timer.setDaemon(true);
            timer.start();
            long first = -1;
            long previous = 0;
            while (System.nanoTime() < end) {
                CaptureSource.Status status = source.next(rec);
                if (status == CaptureSource.Status.END) {
                    break;
                }
                if (status != CaptureSource.Status.FRAME) {
                    continue;
                }
                long ts = rec.timestampNanos();
                if (first < 0) {
                    first = ts;
                    previous = ts;
                }
                pipeline.accept(rec, first, previous);
                check.add(pipeline.summary(), rec);
                previous = ts;
            }
            timer.interrupt();
        } catch (CaptureException e) {
            throw new UserException(device + ": " + e.getMessage(), e);
        }
        return check;
    }
}
