package org.jumbocap.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** Entry point of the {@code jumbocap} command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(
                new GuardedOutputStream(new FileOutputStream(FileDescriptor.out)), StandardCharsets.UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
                StandardCharsets.UTF_8), true);
        boolean terminal = System.console() != null && System.getenv("NO_COLOR") == null;
        int code = JumbocapCommand.execute(args, out, err, terminal);
        try {
            out.flush();
        } catch (OutputClosedException e) {
            // the reader went away after the last line: nothing more to say
        }
        err.flush();
        System.exit(code);
    }
}
