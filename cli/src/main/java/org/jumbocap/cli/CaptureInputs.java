package org.jumbocap.cli;

import java.util.ArrayList;
import java.util.List;
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

    @Option(names = "--threads", paramLabel = "N",
            description = "Threads that decode, filter and format frames beside the one that reads and writes "
                    + "(output keeps frame order, exactly as with 0). Default: one per core less one when "
                    + "checksums are summed on inputs of 8 MiB or more (and standard input), else none.")
    Integer threads;

    /** Decoding threads asked for, or -1 to let the frame loop choose by input size. */
    public int threads() {
        if (threads != null && threads < 0) {
            throw new CommandLine.ParameterException(mixee.commandLine(), "--threads must not be negative");
        }
        return threads == null ? -1 : threads;
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
