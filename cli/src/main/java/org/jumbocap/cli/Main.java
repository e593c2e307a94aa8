package org.jumbocap.cli;

import org.jumbocap.cli.progress.ProgressLine;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jumbocap.cli.engine.OutputClosedException;

/** Entry point of the {@code jumbocap} command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        boolean terminal = System.console() != null && System.getenv("NO_COLOR") == null;
        ProgressLine.useProcessStderr();
        int code = run(args, new FileOutputStream(FileDescriptor.out), stderr(), terminal);
        System.exit(code);
    }

    /**
     * Runs a command line with standard output on {@code stdout}, to the exit status: a write to it that
     * fails is one line on {@code err} and status 1, except a reader that went away (status 0, quiet).
     */
    static int run(String[] args, OutputStream stdout, PrintWriter err, boolean terminal) {
        // picocli looks for Groovy's closure class once, unless told not to: a class no jar has, so the class
        // loader opened every jar of the class path (twenty) in the search, on every start
        System.setProperty("picocli.disable.closures", "true");
        GuardedOutputStream guarded = new GuardedOutputStream(stdout);
        PrintWriter out = new Utf8PrintWriter(new Utf8Writer(guarded, 1 << 16));
        int code;
        try {
            code = JumbocapCommand.execute(args, stdout, out, err, terminal);
        } catch (OutOfMemoryError e) {
            // what the command held is unreachable now: room enough for one line
            err.println("jumbocap: " + JumbocapCommand.outOfMemory());
            err.flush();
            return 1;
        }
        try {
            out.flush();
        } catch (OutputClosedException e) {
            // the guard keeps it: said below
        }
        OutputClosedException failure = guarded.failure();
        if (failure != null) {
            int status = JumbocapCommand.report(failure, err);
            if (status != 0 && code == 0) {
                code = status;
            }
        }
        err.flush();
        return code;
    }

    private static PrintWriter stderr() {
        return new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
                StandardCharsets.UTF_8), true);
    }


    /**
     * The training run of the {@code jumbocap} launcher's class-data sharing archive, not a command:
     * runs the usual command lines in one JVM (started with {@code -XX:DumpLoadedClassList}) so the
     * classes they load go into the archive. The arguments are a pcap and a pcapng capture file; the
     * output means nothing (the launcher sends it to /dev/null).
     */
    public static final class Training {
        private Training() {
        }

        public static void main(String[] args) {
            System.console(); // as main() asks, so its classes come from the archive too
            String pcap = args[0];
            String pcapng = args.length > 1 ? args[1] : args[0];
            List<String[]> lines = List.of(
                    new String[] {"read", pcap},
                    new String[] {"read", "-V", "-x", pcap},
                    new String[] {"read", "-t", "a", pcapng},
                    new String[] {"read", "-Y", "tcp.port == 5201 && jumbo || ipv6.opt.jumbo > 65535", "-t", "d", pcap},
                    new String[] {"read", "-T", "json", "-c", "3", pcap},
                    new String[] {"read", "-T", "ndjson", pcapng},
                    new String[] {"read", "-T", "fields", "-E", "header=y", "-e", "frame.number",
                        "-e", "jumbo.kind", "-e", "jumbo.length", "-t", "e", pcap},
                    new String[] {"stats", pcap},
                    new String[] {"stats", "-T", "json", pcapng},
                    new String[] {"fields", "ipv6."},
                    new String[] {"--help"},
                    new String[] {"read", "--help"},
                    new String[] {"read", "--no-such-option"});
            OutputStream out = new FileOutputStream(FileDescriptor.out);
            PrintWriter err = stderr();
            for (String[] line : lines) {
                run(line, out, err, false);
            }
            // a terminal colours the output
            run(new String[] {"read", "-V", pcap}, out, err, true);
            run(new String[] {"stats", pcap}, out, err, true);
            // export's Parquet writer is most of its start-up: archived, a short export costs half the CPU
            try {
                java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("jumbocap-training");
                java.nio.file.Path parquet = dir.resolve("training.parquet");
                run(new String[] {"export", "-w", parquet.toString(), pcap}, out, err, false);
                java.nio.file.Files.deleteIfExists(parquet);
                java.nio.file.Files.deleteIfExists(dir);
            } catch (java.io.IOException e) {
                // no temp dir: the archive just lacks export's classes
            }
            System.exit(0);
        }
    }
}
