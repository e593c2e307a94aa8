package org.jumbocap.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.CaptureFilters;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.CaptureSources;
import org.jumbocap.capture.FileErrors;
import org.jumbocap.capture.LibraryDump;
import org.jumbocap.capture.LiveFileWriter;
import org.jumbocap.capture.LiveOutput;
import org.jumbocap.capture.RingFileWriter;
import org.jumbocap.capture.ReplayCaptureSource;
import org.jumbocap.capture.filter.ExtensionHeaderRewriter;
import org.jumbocap.capture.privilege.Privileges;
import org.jumbocap.io.files.CaptureWriters;
import org.jumbocap.cli.engine.Filters;
import org.jumbocap.cli.engine.FrameFilter;
import org.jumbocap.cli.engine.UserException;
import org.jumbocap.render.Colors;
import org.jumbocap.render.SummaryLine;
import org.jumbocap.render.TimeFormat;
import org.jumbocap.displayfilter.FilterSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code jumbocap capture}: live capture through jumbocap's AF_PACKET source or libpcap ({@link
 * CaptureSources}), printed like {@code read} and written to a file.
 */
@Command(name = "capture", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = {"Captures frames from a network interface, prints them as 'read' does and writes them "
                + "to a pcap or pcapng file. The capture filter is rewritten so IPv6 transport tests also "
                + "match packets behind Hop-by-Hop, Destination Options and Routing headers (BIG TCP "
                + "jumbograms carry a Hop-by-Hop header); see 'jumbocap filter'.",
                "On Linux frames come through jumbocap's own AF_PACKET ring: super-packets up to 524,288 bytes "
                        + "whole, with their direction, checksum and TSO state and the kernel's gso_size; libpcap "
                        + "(which cuts frames at 262,144 bytes) where AF_PACKET is refused, or with --source libpcap.",
                "Needs root or the capabilities CAP_NET_RAW and CAP_NET_ADMIN to open the interface, and gives"
                        + " them up before the first frame (-Z)."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap capture -i eth0 -f 'tcp port 5201' -w bigtcp.pcapng",
                "  jumbocap capture -i eth0 -w bigtcp.pcapng tcp port 5201",
                "  jumbocap capture -i any -c 100 -q -w first100.pcap",
                "  jumbocap capture -i eth0 --raw -w - | tshark -r -",
                "  jumbocap capture -i eth0 --raw -w ring.pcapng -C 100 -W 10",
                "  jumbocap capture --replay samples/ipv6-bigtcp-veth.pcap -f 'tcp port 5201'"})
public final class CaptureCommand implements Callable<Integer> {
    static final String IMMEDIATE_MODE_WARNING = "in immediate mode libpcap may cut frames longer than the interface's "
            + "MTU (BIG TCP / GSO super-packets) to about 64 KiB; leave --immediate-mode off to capture them whole";

    @Spec
    CommandSpec spec;

    @Option(names = {"-i", "--interface"}, paramLabel = "IF", description = "Interface to capture on (see 'jumbocap interfaces').")
    String device;

    @Option(names = "--replay", paramLabel = "FILE", description = "Replay a capture file as if it were live, instead of -i.")
    Path replay;

    @Option(names = "--replay-speed", paramLabel = "X", defaultValue = "0",
            description = "Pace a replay at X times real time (default: as fast as possible).")
    double replaySpeed;

    @Option(names = {"-f", "--capture-filter"}, paramLabel = "FILTER", description = "Capture filter in libpcap syntax (pcap-filter(7)).")
    String captureFilter;

    @Parameters(paramLabel = "FILTER-WORDS", arity = "0..*",
            description = "The capture filter as tcpdump takes it, after the options (words are joined by spaces);"
                    + " the same as -f.")
    List<String> captureFilterWords;

    @Option(names = {"-U", "--packet-buffered"},
            description = "With -w, write each frame to the file before taking the next, as tcpdump -U does, so a"
                    + " reader of the growing file never sees half a frame. Without it frames reach the file in"
                    + " whole 4 KiB blocks, as tcpdump -w writes them, which at BIG TCP rates costs the kernel less"
                    + " and drops fewer frames.")
    boolean packetBuffered;

    @Option(names = "--raw-filter", description = "Give the capture filter to libpcap unchanged (no extension-header rewriting).")
    boolean rawFilter;

    @Option(names = "--ext-headers", paramLabel = "N", defaultValue = "" + ExtensionHeaderRewriter.DEFAULT_MAX_HEADERS,
            description = "IPv6 extension headers the rewritten filter walks before the transport header (1-"
                    + ExtensionHeaderRewriter.MAX_MAX_HEADERS + ", default ${DEFAULT-VALUE}).")
    int extHeaders;

    @Option(names = {"-w", "--write"}, paramLabel = "FILE",
            description = "Write frames to FILE: pcapng if it ends in .pcapng, else pcap. With -q (and no --segment or"
                    + " -U) frames go to the file straight from the capture ring; through libpcap, libpcap writes a"
                    + " .pcap itself, as tcpdump -w does, with nanosecond timestamps. '-' writes pcapng to standard"
                    + " output (with --raw or -q).")
    Path writeFile;

    @Option(names = "--segment",
            description = "Write every TCP super-packet as the segments TSO would have sent (see 'jumbocap "
                    + "segment'), for a pipeline that feeds an IDS; needs -w.")
    boolean segment;

    @Option(names = "--mss", paramLabel = "N",
            description = "With --segment: MSS for flows whose SYNs were not captured.")
    int mss;

    @Option(names = "--mtu", paramLabel = "N", defaultValue = "" + org.jumbocap.segment.Segmenter.DEFAULT_MTU,
            description = "With --segment: MTU that sizes segments when neither the SYNs nor --mss give an MSS "
                    + "(default ${DEFAULT-VALUE}).")
    int mtu;

    @Option(names = {"-c", "--count"}, paramLabel = "N",
            description = {"Stop after N frames have been captured: frames that passed the capture filter (-f), as "
                    + "tcpdump's -c counts, whether or not -Y prints them. ('read -c' counts the frames that pass -Y.)"})
    long count;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Stop after this many seconds.")
    double durationSeconds;

    @Option(names = {"-s", "--snaplen"}, paramLabel = "BYTES", defaultValue = "" + CaptureSource.AF_PACKET_MAX_SNAPLEN,
            description = "Bytes kept of each frame (default and maximum ${DEFAULT-VALUE}; through libpcap at most "
                    + CaptureSource.MAX_SNAPLEN + ", to which a larger one is lowered).")
    int snaplen;

    @Option(names = "--source", paramLabel = "SOURCE", defaultValue = "auto",
            description = "Where frames come from: afpacket (jumbocap's own Linux packet ring), libpcap, or auto "
                    + "(default): afpacket, and libpcap where AF_PACKET is refused, saying why.")
    String sourceName;

    @Option(names = {"-B", "--buffer-size"}, paramLabel = "MiB", defaultValue = "256",
            description = "Kernel capture buffer in MiB (default ${DEFAULT-VALUE}); BIG TCP fills small buffers fast.")
    int bufferMiB;

    @Option(names = {"-Y", "--display-filter"}, paramLabel = "FILTER", description = "Print only frames matching this display filter (all are written).")
    String displayFilter;

    @Option(names = {"-q", "--quiet"}, description = "Print no frames; show the counters live instead.")
    boolean quiet;

    @Option(names = {"-t", "--time-format"}, paramLabel = "FORMAT", defaultValue = "r",
            description = "Time column: a(bsolute), r(elative), d(elta), e(poch).")
    String timeFormat;

    @Option(names = "--immediate-mode", negatable = true, defaultValue = "false", fallbackValue = "true",
            description = "Through libpcap: have libpcap deliver each frame the moment it arrives (the AF_PACKET "
                    + "source ignores it: its ring hands frames over within "
                    + CaptureSource.Options.DEFAULT_TIMEOUT_MILLIS + " ms and never cuts them). Off by default: the kernel then "
                    + "batches frames into TPACKET_V3 blocks, handed over when full or after "
                    + CaptureSource.Options.DEFAULT_TIMEOUT_MILLIS + " ms, which keeps BIG TCP super-packets whole. "
                    + "In immediate mode libpcap (1.10 on Linux) may cut frames longer than the interface's MTU to "
                    + "about 64 KiB.")
    boolean immediate;

    @Option(names = {"-p", "--no-promiscuous-mode"}, description = "Do not put the interface into promiscuous mode.")
    boolean noPromiscuous;

    @Option(names = {"-Z", "--relinquish-privileges"}, paramLabel = "USER",
            description = PrivilegeDrop.HELP + " The output file is opened before too. A replay (--replay) needs no"
                    + " privilege and gives up only when -Z is given.")
    String relinquishTo;

    @Option(names = "--raw",
            description = "Only write the frames, as dumpcap does: -w FILE or -w - (standard output, for a pipe into"
                    + " 'tshark -r -'), pcapng unless FILE ends in .pcap; nothing is dissected or printed (-q adds"
                    + " the counters).")
    boolean raw;

    @Option(names = "--stop-when-stdin-closes",
            description = "Stop, as on Ctrl-C, when standard input reaches its end: for a program that runs the capture"
                    + " and holds a pipe to it (the viewer does), so that the capture ends with that program, even one"
                    + " killed outright.")
    boolean stopWhenStdinCloses;

    @Mixin
    RingBufferOptions ringBuffer;

    private org.jumbocap.segment.SegmentReport segmentReport;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if ((device == null) == (replay == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give exactly one of -i IF or --replay FILE");
        }
        if (captureFilterWords != null && !captureFilterWords.isEmpty()) {
            if (captureFilter != null) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "give the capture filter once: with -f or after the options, not both");
            }
            captureFilter = String.join(" ", captureFilterWords);
        }
        CaptureSources.Preference preference = CaptureSources.Preference.of(sourceName);
        if (preference == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--source must be auto, afpacket or libpcap, not '" + sourceName + "'");
        }
        if (snaplen < 1 || snaplen > CaptureSource.AF_PACKET_MAX_SNAPLEN) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "snaplen must be 1.." + CaptureSource.AF_PACKET_MAX_SNAPLEN);
        }
        if (bufferMiB < 1 || bufferMiB > 2047) {
            throw new CommandLine.ParameterException(spec.commandLine(), "buffer size must be 1..2047 MiB");
        }
        if (extHeaders < 1 || extHeaders > ExtensionHeaderRewriter.MAX_MAX_HEADERS) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--ext-headers must be 1.." + ExtensionHeaderRewriter.MAX_MAX_HEADERS);
        }
        TimeFormat format = TimeFormat.of(timeFormat);
        if (format == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown time format '" + timeFormat + "'");
        }
        if (count < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-c must not be negative");
        }
        if (segment && writeFile == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--segment needs -w FILE");
        }
        if (mss < 0 || mss > 0xFFFF || mtu < 68 || mtu > 0xFFFF + 40) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--mss must be 1..65535 and --mtu 68..65575");
        }
        if (durationSeconds < 0 || Double.isNaN(durationSeconds)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--duration must not be negative");
        }
        checkOutputOptions();
        if (replay == null || relinquishTo != null) {
            PrivilegeDrop.checkUser(spec.commandLine(), relinquishTo);
        }
        FrameFilter display;
        try {
            display = Filters.compile(displayFilter);
        } catch (FilterSyntaxException e) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "-Y '" + e.excerpt() + "': column " + e.column() + ": " + e.detail());
        }
        CaptureSource.Options options = new CaptureSource.Options(device != null ? device : replay.toString(), snaplen,
                bufferMiB << 20, CaptureSource.Options.DEFAULT_TIMEOUT_MILLIS, immediate, !noPromiscuous, null);
        if (immediate && replay == null && preference == CaptureSources.Preference.LIBPCAP) {
            err.println("jumbocap capture: note: " + IMMEDIATE_MODE_WARNING);
        }
        try (CaptureSource source = replay != null ? new ReplayCaptureSource(replay, options, replaySpeed)
                : openDevice(options, preference, err)) {
            if (captureFilter != null && !captureFilter.isBlank()) {
                // compiling is bounded like the capture: --duration holds from the first second
                boolean durationFirst = durationSeconds > 0 && durationSeconds < CaptureFilters.COMPILE_LIMIT_SECONDS;
                CaptureFilters.Prepared prepared;
                try {
                    prepared = CaptureFilters.within(durationFirst ? durationSeconds : CaptureFilters.COMPILE_LIMIT_SECONDS,
                            CaptureFilters.timeoutAdvice(rawFilter, extHeaders), () -> {
                                CaptureFilters.Prepared p = CaptureFilters.prepare(captureFilter, rawFilter, extHeaders,
                                        source.linkType(), snaplen);
                                source.setFilter(p.text());
                                return p;
                            });
                } catch (java.util.concurrent.TimeoutException e) {
                    if (durationFirst) {
                        err.println("jumbocap capture: stopped (duration reached while libpcap compiled the capture "
                                + "filter): 0 frames captured");
                        return CommandLine.ExitCode.OK;
                    }
                    throw new CaptureException(CaptureException.Kind.FILTER, e.getMessage());
                }
                for (String note : prepared.notes()) {
                    err.println("jumbocap capture: note: " + note);
                }
                if (prepared.rewrote()) {
                    err.println("jumbocap capture: capture filter extended to IPv6 extension headers "
                            + "(up to " + prepared.extHeaders() + "; 'jumbocap filter' shows the text)");
                }
                err.println("jumbocap capture: " + prepared.programLine());
            }
            return capture(source, display, format, out, err);
        } catch (CaptureException e) {
            if (e.kind() == CaptureException.Kind.FILTER) {
                // a capture filter libpcap cannot compile is a usage error, like a bad -Y
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            throw new UserException(e.getMessage(), e);
        }
    }

    /** The device through the source asked for; the line why it is libpcap's, when AF_PACKET was refused. */
    private CaptureSource openDevice(CaptureSource.Options options, CaptureSources.Preference preference,
                                     PrintWriter err) throws CaptureException {
        CaptureSources.Opened opened = CaptureSources.open(options, preference);
        if (opened.fallback() != null) {
            err.println("jumbocap capture: note: " + opened.fallback());
            if (immediate) {
                err.println("jumbocap capture: note: " + IMMEDIATE_MODE_WARNING);
            }
        }
        return opened.source();
    }

    private int capture(CaptureSource source, FrameFilter display, TimeFormat format, PrintWriter out,
                        PrintWriter err) throws IOException {
        LiveFileWriter writer = null;
        LiveOutput output = null;
        LibraryDump dump = null;
        if (writesOnlyAPcapFile()) {
            try {
                dump = source.openLibraryDump(writeFile);
            } catch (IOException e) {
                throw new UserException(writeFile + ": cannot write (" + FileErrors.reason(writeFile, e) + ")", e);
            }
        }
        if (writeFile != null && dump == null) {
            try {
                if (ringLimits != null) {
                    output = new RingFileWriter(writeFile, ringLimits, file -> openFile(file, source));
                } else {
                    writer = writesToStandardOutput() ? standardOutput(source) : openFile(writeFile, source);
                    output = writer;
                }
                if (segment) {
                    writer.segment(mss, mtu);
                }
            } catch (IOException e) {
                throw new UserException(writeFile + ": cannot write (" + FileErrors.reason(writeFile, e) + ")", e);
            }
        }
        boolean terminal = System.console() != null;
        SummaryLine printer = quiet || raw ? null : new SummaryLine(format, Colors.of(JumbocapCommand.of(spec).color()));
        LiveCapture.Progress progress = quiet ? (frames, stats) -> {
            err.print((terminal ? "\r" : "") + counters(frames, stats) + (terminal ? "" : "\n"));
            err.flush();
        } : null;
        err.println("jumbocap capture: capturing on " + source.name() + " (" + org.jumbocap.io.LinkTypes.name(
                source.linkType()) + ", snaplen " + source.snaplen() + ")" + (output != null ? ", writing "
                + (writesToStandardOutput() ? "standard output" : output.file()) + " (" + output.formatName() + ")"
                + (ringLimits != null ? ringDescription() : "") : dump != null ? ", writing " + writeFile
                + " (pcap-nsec, by libpcap)" : ""));
        err.flush();
        LiveCapture capture = dump != null
                ? LiveCapture.writingThrough(source, dump, out, count, (long) (durationSeconds * 1e9), progress)
                : new LiveCapture(source, output, printer, display, out, count, (long) (durationSeconds * 1e9), progress);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            capture.requestStop();
            try {
                finished.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "jumbocap-capture-stop");
        relinquishPrivileges(err, output instanceof RingFileWriter ring ? ring.files() : List.of());
        Runtime.getRuntime().addShutdownHook(hook);
        StopSignals signals = StopSignals.install(capture::requestStop);
        if (stopWhenStdinCloses) {
            watchStandardInput(capture, err);
        }
        LiveCapture.Result result;
        try {
            result = capture.run();
            if (output != null) {
                try {
                    output.close();
                } catch (IOException e) {
                    err.println("jumbocap capture: " + output.file() + ": " + FileErrors.reason(output.file(), e));
                }
            }
            out.flush();
            if (terminal && quiet) {
                err.println();
            }
            segmentReport = writer != null ? writer.segmentReport() : null;
            report(result, source, output, err);
            err.flush();
        } finally {
            signals.restore();
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down (Ctrl-C): the hook is running and sees the latch
            }
        }
        return result.error() == null ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }

    /**
     * Gives up root or the capture capabilities now that the source and the output are open, and says so;
     * the capture must not go on when that fails. A replay needs no privilege and keeps them unless -Z asks.
     */
    private void relinquishPrivileges(PrintWriter err, List<Path> ringFiles) {
        if (replay != null && relinquishTo == null) {
            return;
        }
        // the ring's first file was created as root; the user removes it when the ring comes round
        Privileges.Outcome outcome = PrivilegeDrop.relinquish("capture", relinquishTo, ringFiles, err);
        Privileges.Account account = outcome.plan().account();
        Path ringDirectory = ringFiles.isEmpty() ? null : ringFiles.get(0).toAbsolutePath().getParent();
        if (ringDirectory != null && !java.nio.file.Files.isWritable(ringDirectory)) {
            throw new UserException(ringDirectory + ": the ring buffer's next files are created as the user the capture"
                    + " became" + (account != null ? " (" + account.name() + ")" : "") + ", who may not write there;"
                    + " give -w a directory that user may write, or -Z root");
        }
    }

    /**
     * Stops the capture when standard input ends. A pipe's end closes when the program holding its other end
     * exits in any way, SIGKILL included, which no signal the capture could ask for covers as simply (the
     * parent-death signal follows the thread that started the process, and is cleared when -Z changes the user).
     * Started after the privilege drop, so the thread holds none.
     */
    private static void watchStandardInput(LiveCapture capture, PrintWriter err) {
        Thread watch = new Thread(() -> {
            try {
                byte[] ignored = new byte[256];
                while (System.in.read(ignored) >= 0) {
                    // what is written is not read: only the end counts
                }
            } catch (IOException e) {
                // a failed read of the pipe ends it as well
            }
            err.println("jumbocap capture: standard input closed: stopping");
            err.flush();
            capture.requestStop();
        }, "jumbocap-capture-stdin");
        watch.setDaemon(true);
        watch.start();
    }

    private RingFileWriter.Limits ringLimits;

    /** Checks -w, --raw and the ring buffer options together; keeps the ring's limits. */
    private void checkOutputOptions() {
        try {
            ringLimits = ringBuffer.limits();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        String problem = null;
        if (raw && writeFile == null) {
            problem = "--raw needs -w FILE or -w -";
        } else if (raw && (displayFilter != null || segment)) {
            problem = "--raw dissects nothing: it takes neither -Y nor --segment";
        } else if (writesToStandardOutput() && !raw && !quiet) {
            problem = "-w - writes the capture to standard output, where frames would be printed too: add --raw or -q";
        } else if (ringLimits != null && (writeFile == null || writesToStandardOutput())) {
            problem = "a ring buffer (-C, -G, -W, -b) needs -w FILE";
        } else if (ringLimits != null && segment) {
            // each file would begin without the MSS its flows' SYNs gave, in a file the ring may have removed
            problem = "--segment takes no ring buffer (-C, -G, -W, -b): capture the ring without it, then"
                    + " 'jumbocap segment -w OUT' over its files in order, which keeps each flow's MSS across them";
        }
        if (problem != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), problem);
        }
    }

    private boolean writesToStandardOutput() {
        return writeFile != null && writeFile.toString().equals("-");
    }

    /** Whether {@code file} is written as pcapng: for a .pcapng name, and with --raw for any but a .pcap one, as dumpcap. */
    private boolean pcapng(Path file) {
        return raw ? !file.getFileName().toString().endsWith(".pcap") : CaptureWriters.isPcapng(file);
    }

    /** A file of the capture (the ring names each after -w's), written as -U asks. */
    private LiveFileWriter openFile(Path file, CaptureSource source) throws IOException {
        LiveFileWriter w = LiveFileWriter.create(file, pcapng(file), source.linkType(), source.snaplen());
        w.packetBuffered(packetBuffered);
        return w;
    }

    /** pcapng onto standard output ({@code -w -}), for a pipe into tshark or the viewer. */
    private LiveFileWriter standardOutput(CaptureSource source) throws IOException {
        LiveFileWriter w = LiveFileWriter.onStream("standard output",
                new java.io.FileOutputStream(java.io.FileDescriptor.out).getChannel(), true, source.linkType(),
                source.snaplen());
        w.packetBuffered(packetBuffered);
        return w;
    }

    private String ringDescription() {
        StringBuilder b = new StringBuilder(", a ring buffer: a new file");
        if (ringLimits.fileBytes() > 0) {
            b.append(" every ").append(ringLimits.fileBytes()).append(" bytes");
        }
        if (ringLimits.fileSeconds() > 0) {
            b.append(ringLimits.fileBytes() > 0 ? " or" : "").append(" every ").append(ringLimits.fileSeconds())
                    .append(" s");
        }
        return b.append(ringLimits.files() > 0 ? ", the newest " + ringLimits.files() + " kept" : ", all kept").toString();
    }

    /**
     * {@code -q -w FILE.pcap} (or {@code --raw}) and nothing else to do with the frames (no pcapng, --segment,
     * -U, ring buffer or standard output): libpcap's own {@code pcap_dump} writes the file inside its loop, as
     * for {@code tcpdump -w}, and no frame comes into the JVM (see {@link LibraryDump}).
     */
    private boolean writesOnlyAPcapFile() {
        return writeFile != null && (quiet || raw) && !segment && !packetBuffered && ringLimits == null
                && !writesToStandardOutput() && !pcapng(writeFile);
    }

    static String counters(long frames, CaptureSource.Stats stats) {
        if (stats == null) {
            return frames + " frames captured";
        }
        return String.format(Locale.ROOT, "%d frames captured, %d received, %d dropped by kernel, %d dropped by interface",
                frames, stats.received(), stats.droppedByKernel(), stats.droppedByInterface());
    }

    private void report(LiveCapture.Result r, CaptureSource source, LiveOutput output, PrintWriter err) {
        if (r.error() != null) {
            err.println("jumbocap capture: " + r.error());
        }
        String why = switch (r.reason()) {
            case COUNT -> "frame count reached";
            case DURATION -> "duration reached";
            case INTERRUPTED -> "interrupted";
            case SOURCE_ENDED -> "end of input";
            case INTERFACE_GONE -> "interface went away";
            case SOURCE_FAILED -> "capture error";
            case WRITE_FAILED -> "write failed";
        };
        err.println("jumbocap capture: stopped (" + why + "): " + counters(r.frames(), r.stats()));
        if (r.overSixtyFourK() > 0) {
            err.println("jumbocap capture: " + r.overSixtyFourK() + " frames longer than 65535 bytes on the wire "
                    + "(jumbograms / BIG TCP super-packets)");
        }
        if (output instanceof RingFileWriter ring) {
            List<Path> files = ring.files();
            err.println("jumbocap capture: " + r.written() + " frames written to " + ring.filesWritten() + " files"
                    + (files.size() < ring.filesWritten() ? ", of which the newest " + files.size() + " are kept" : "")
                    + ": " + files.get(0) + (files.size() > 1 ? " to " + files.get(files.size() - 1) : ""));
        } else if (writeFile != null) {
            err.println("jumbocap capture: " + r.written() + " frames written to "
                    + (writesToStandardOutput() ? "standard output" : writeFile));
        }
        if (segmentReport != null) {
            err.print(org.jumbocap.cli.SegmentCommand.render(segmentReport, writeFile.toString()).indent(0)
                    .replaceAll("(?m)^", "jumbocap capture: "));
        }
        for (String line : cutReport(r.cuts(), source.snaplen(), source instanceof org.jumbocap.capture.AfPacketCaptureSource
                || source instanceof org.jumbocap.capture.ReplayCaptureSource
                ? CaptureSource.AF_PACKET_MAX_SNAPLEN : CaptureSource.MAX_SNAPLEN, replay != null ? CutCause.REPLAYED_FILE
                : immediate ? CutCause.IMMEDIATE_MODE : CutCause.CAPTURE_RING)) {
            err.println("jumbocap capture: " + line);
        }
    }

    /** What cut frames below the snaplen can only have been. */
    enum CutCause {
        /** libpcap's immediate mode: ring slots sized from the interface's MTU. */
        IMMEDIATE_MODE,
        /** The kernel ring without immediate mode: its block size. */
        CAPTURE_RING,
        /** The replayed file was captured with a smaller snaplen. */
        REPLAYED_FILE
    }

    /** {@link #cutReport(LiveCapture.Cuts, int, int, CutCause)} of a capture through libpcap. */
    static List<String> cutReport(LiveCapture.Cuts cuts, int snaplen, CutCause below) {
        return cutReport(cuts, snaplen, CaptureSource.MAX_SNAPLEN, below);
    }

    /**
     * The end-of-capture lines about cut frames: those cut at the snaplen, those cut below it and why.
     *
     * @param maxSnaplen the most the source keeps of a frame
     */
    static List<String> cutReport(LiveCapture.Cuts cuts, int snaplen, int maxSnaplen, CutCause below) {
        List<String> lines = new ArrayList<>();
        if (cuts.belowSnaplen() > 0) {
            String at = cuts.belowMinKept() == cuts.belowMaxKept() ? cuts.belowMaxKept() + " bytes"
                    : cuts.belowMinKept() + " to " + cuts.belowMaxKept() + " bytes";
            String frames = frames(cuts.belowSnaplen(), cuts.belowLongest());
            lines.add(switch (below) {
                case IMMEDIATE_MODE -> frames + " cut at " + at + ", below the snaplen of " + snaplen
                        + " bytes: in immediate mode libpcap's ring holds frames only as long as the interface's "
                        + "MTU allows; capture without --immediate-mode to keep them whole";
                case CAPTURE_RING -> frames + " cut at " + at + ", below the snaplen of " + snaplen
                        + " bytes: libpcap's capture ring kept no more of them; lower the interface's "
                        + "gso_max_size/gro_max_size to capture them whole";
                case REPLAYED_FILE -> frames + " already cut at " + at + " in the replayed file (the snaplen it "
                        + "was captured with), below the snaplen of " + snaplen + " bytes";
            });
        }
        if (cuts.atSnaplen() > 0) {
            String advice = snaplen < maxSnaplen
                    ? "raise -s up to " + maxSnaplen + " to keep more of them"
                    : maxSnaplen == CaptureSource.MAX_SNAPLEN
                    ? "libpcap keeps at most " + maxSnaplen + " bytes of a frame on Linux; capture through AF_PACKET"
                    + " (--source afpacket), or lower the interface's gso_max_size/gro_max_size to capture them whole,"
                    + " or accept the cut"
                    : "jumbocap keeps at most " + maxSnaplen + " bytes of a frame; lower the interface's "
                    + "gso_max_size/gro_max_size to capture them whole, or accept the cut";
            lines.add(frames(cuts.atSnaplen(), cuts.atSnaplenLongest()) + " cut at the snaplen of " + snaplen + " bytes: "
                    + advice);
        }
        return lines;
    }

    private static String frames(long n, long longestOnWire) {
        return n == 1 ? "1 frame (" + longestOnWire + " bytes on the wire) was"
                : n + " frames (longest " + longestOnWire + " bytes on the wire) were";
    }
}
