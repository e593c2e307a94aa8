package org.jumbocap.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
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
        PrintWriter out = stdout();
        PrintWriter err = stderr();
        boolean terminal = System.console() != null && System.getenv("NO_COLOR") == null;
        int code = run(args, out, err, terminal);
        System.exit(code);
    }

    private static PrintWriter stdout() {
        return new PrintWriter(new Utf8Writer(new GuardedOutputStream(new FileOutputStream(FileDescriptor.out)), 1 << 16));
    }

    private static PrintWriter stderr() {
        return new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
                StandardCharsets.UTF_8), true);
    }

    private static int run(String[] args, PrintWriter out, PrintWriter err, boolean terminal) {
        int code = JumbocapCommand.execute(args, out, err, terminal);
        try {
            out.flush();
        } catch (OutputClosedException e) {
            // the reader went away after the last line: nothing more to say
        }
        err.flush();
        return code;
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
            PrintWriter out = stdout();
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
