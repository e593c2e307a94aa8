package org.jumbocap.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.FileCaptureFilter;
import org.jumbocap.cli.engine.Captures;
import org.jumbocap.cli.engine.Filters;
import org.jumbocap.cli.engine.FrameFilter;
import org.jumbocap.displayfilter.FilterSyntaxException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** The options every command that reads captures shares: the files, {@code -Y} and {@code -c}. */
public final class CaptureInputs {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Parameters(arity = "0..*", paramLabel = "FILE",
            description = "Capture files (pcap, pcap with nanoseconds, pcapng); '-' reads standard input.")
    List<String> files = new ArrayList<>();

    @Option(names = "-r", paramLabel = "FILE", description = "A capture file, as tshark and tcpdump take it (same as FILE).")
    List<String> readFiles = new ArrayList<>();

    @Option(names = {"-Y", "--display-filter"}, paramLabel = "FILTER",
            description = "Only frames matching this display filter, e.g. 'tcp.port == 5201', 'jumbo', "
                    + "'ipv6.opt.jumbo > 65535'.")
    String displayFilter;

    @Option(names = {"-c", "--count"}, paramLabel = "N",
            description = "Stop after N frames (those passing -Y); 0, the default, reads them all.")
    long count;

    @Option(names = "--no-progress",
            description = "No progress line on standard error (drawn only when it is a terminal, for inputs of 16 MiB or more).")
    boolean noProgress;

    @Option(names = "--threads", paramLabel = "N",
            description = "Threads that decode, filter and format frames beside the one that reads and writes "
                    + "(output keeps frame order, exactly as with 0). Default: one per core less one when "
                    + "checksums are summed on inputs of 8 MiB or more (and standard input), else none.")
    Integer threads;

    /** True when --no-progress was given. */
    public boolean noProgress() {
        return noProgress;
    }

    /** Decoding threads asked for, or -1 to let the frame loop choose by input size. */
    public int threads() {
        if (threads != null && threads < 0) {
            throw new CommandLine.ParameterException(mixee.commandLine(), "--threads must not be negative");
        }
        return threads == null ? -1 : threads;
    }

    /**
     * tcpdump's habit, {@code read FILE 'tcp port 5201'}: the words after the last capture file that are no
     * existing file, taken out of the files and compiled as one capture filter (libpcap's grammar, seeing
     * through IPv6 extension headers). Null when there are none, or when no file would be left to read
     * (then a missing file is reported as such).
     *
     * @throws CommandLine.ParameterException when the words are neither a file nor a capture filter
     */
    public FileCaptureFilter takeTrailingCaptureFilter() {
        int first = files.size();
        while (first > 0 && !isFile(files.get(first - 1))) {
            first--;
        }
        if (first == files.size() || (first == 0 && readFiles.isEmpty())) {
            return null;
        }
        List<String> words = files.subList(first, files.size());
        String expression = String.join(" ", words);
        try {
            FileCaptureFilter filter = FileCaptureFilter.compile(expression);
            words.clear();
            return filter;
        } catch (CaptureException e) {
            String reason = e.getMessage().replaceFirst("^capture filter '[^']*': ", "");
            throw new CommandLine.ParameterException(mixee.commandLine(), "'" + expression
                    + "' is neither a capture file (no such file) nor a capture filter (" + reason + ")");
        }
    }

    private static boolean isFile(String word) {
        if (Captures.STDIN.equals(word)) {
            return true;
        }
        try {
            return Files.exists(Path.of(word));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** The files to read, {@code -r} ones first; none given is a usage error. */
    public List<String> files() {
        List<String> all = new ArrayList<>(readFiles);
        all.addAll(files);
        if (all.isEmpty()) {
            throw new CommandLine.ParameterException(mixee.commandLine(), "Missing required parameter: 'FILE'");
        }
        return all;
    }

    public long count() {
        return count;
    }

    /**
     * The compiled {@code -Y} filter, or null; a filter that does not compile, a negative count or no file
     * at all is a usage error.
     */
    public FrameFilter filter() {
        files(); // usage errors first, before a command prints anything
        if (count < 0) {
            throw new CommandLine.ParameterException(mixee.commandLine(), "-c must not be negative");
        }
        try {
            return Filters.compile(displayFilter);
        } catch (FilterSyntaxException e) {
            throw new CommandLine.ParameterException(mixee.commandLine(),
                    "-Y '" + e.excerpt() + "': column " + e.column() + ": " + e.detail());
        }
    }
}
