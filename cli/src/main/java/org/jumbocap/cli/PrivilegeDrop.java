package org.jumbocap.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.jumbocap.capture.privilege.PrivilegeException;
import org.jumbocap.capture.privilege.Privileges;
import org.jumbocap.cli.engine.UserException;
import picocli.CommandLine;

/**
 * The {@code -Z USER} of the commands that open a device ({@code capture}, {@code check -i}): the user is
 * checked before anything opens, and root or the capture capabilities are given up once the device is open
 * and before the first frame is read, with one line saying how the command goes on.
 */
final class PrivilegeDrop {
    /** The option's help, the same for every command that takes it. */
    static final String HELP = "Once the interface is open, and before the first frame, become USER:"
            + " supplementary groups, group, user and every capability are given up, as tcpdump -Z does."
            + " Default: the user '" + Privileges.DEFAULT_USER + "' where it exists, else '"
            + Privileges.FALLBACK_USER + "'; '-Z root' stays root. Without root, capabilities (CAP_NET_RAW,"
            + " CAP_NET_ADMIN) are given up instead.";

    private PrivilegeDrop() {
    }

    /** Stops the command with a usage error when {@code requested} (or the default) cannot be become. */
    static void checkUser(CommandLine commandLine, String requested) {
        try {
            Privileges.planFor(requested);
        } catch (PrivilegeException e) {
            throw new CommandLine.ParameterException(commandLine, "-Z: " + e.getMessage());
        }
    }

    /**
     * Gives up root or the capabilities now and says so on {@code err}, each line led by {@code command}; the
     * command must not read a frame when this throws.
     *
     * @param handOver files the user the process becomes must own (a ring buffer's first file)
     */
    static Privileges.Outcome relinquish(String command, String requested, List<Path> handOver, PrintWriter err) {
        Privileges.Outcome outcome;
        try {
            outcome = Privileges.relinquish(requested, handOver);
        } catch (PrivilegeException e) {
            throw new UserException("cannot give up privileges: " + e.getMessage(), e);
        }
        Privileges.Account account = outcome.plan().account();
        String lead = "jumbocap " + command + ": ";
        switch (outcome.plan().action()) {
            case SWITCH_USER -> err.println(lead + "running as user " + account.name() + " (uid " + account.uid()
                    + ", gid " + account.gid() + "), without capabilities");
            case KEEP_ROOT -> err.println(lead + "warning: running as root (-Z " + account.name()
                    + "): frames are dissected with every privilege");
            case DROP_CAPABILITIES -> err.println(lead + "running without capabilities"
                    // only where no handler reaches the JVM's other threads (see Privileges)
                    + (outcome.threadsKeepingCapabilities() > 0 ? " in the capture threads ("
                    + outcome.threadsKeepingCapabilities() + " threads of the JVM started before keep theirs;"
                    + " run as root with -Z to drop them in all)" : ""));
            case NOTHING -> {
                // an unprivileged user with no capability: nothing to give up
            }
        }
        if (outcome.note() != null) {
            err.println(lead + "note: -Z: " + outcome.note());
        }
        err.flush();
        return outcome;
    }
}
