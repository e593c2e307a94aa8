package org.jumbocap.capture.privilege;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * Gives up the rights a capture needs only to open its device, as {@code tcpdump -Z} does: once the
 * device and the output file are open, nothing that reads the traffic runs privileged.
 *
 * <p>Started as root, the process becomes a plain user ({@link #DEFAULT_USER} where that account exists,
 * else {@link #FALLBACK_USER}, or the one asked for): the calling thread's capability bounding set is
 * emptied, then the supplementary groups, the group and the user change in every thread (glibc's
 * setgroups, setgid and setuid), which also makes the kernel empty every thread's permitted, effective
 * and ambient capabilities. Asked to become root (a capture's {@code -Z root}), it changes nothing.
 *
 * <p>Started as another user with file or ambient capabilities (CAP_NET_RAW, CAP_NET_ADMIN), it empties
 * the capability sets of every thread. The kernel changes capabilities thread by thread and only a change
 * away from root clears them in all threads, so each thread the JVM started before is made to give up its
 * own ({@link EveryThreadCapabilities}); where that cannot be done (a machine without its handler) those
 * threads keep theirs ({@link Outcome#threadsKeepingCapabilities}), and jumbocap reads frames only on the
 * calling thread and on threads it starts afterwards, which inherit its empty sets.
 *
 * <p>Either way every thread gets no-new-privileges, so no thread can regain rights by running a
 * set-user-ID program or one with file capabilities. Whatever the device needs later must not need a
 * privilege: libpcap on Linux reads its ring, counts, interrupts and closes without one, but a capture
 * filter is set before the drop.
 */
public final class Privileges {
    /** The account a capture becomes by default, where the system has it (a package creates it). */
    public static final String DEFAULT_USER = "jumbocap";
    /** The account a capture becomes when {@link #DEFAULT_USER} does not exist. */
    public static final String FALLBACK_USER = "nobody";

    private Privileges() {
    }

    /**
     * Takes the process back to the group of the user who started it, when it runs set-group-ID (the
     * package's capture launcher is set-group-ID {@code jumbocap} only so that the JVM ignores the caller's
     * JAVA_TOOL_OPTIONS and _JAVA_OPTIONS, which would otherwise load the caller's code into a process that
     * holds the capture capabilities): real, effective and saved group ids all become the real one, in every
     * thread (glibc's setresgid), before anything is opened, so files are created with the user's group
     * and the group cannot be taken back. Nothing to do when the process is not set-group-ID.
     *
     * @return whether the group was changed
     * @throws PrivilegeException when the change fails
     */
    public static boolean giveUpSetGroupId() throws PrivilegeException {
        int real = Libc.getgid();
        if (Libc.getegid() == real) {
            return false;
        }
        if (Libc.setresgid(real, real, real) != 0 || Libc.getegid() != real) {
            throw new PrivilegeException("setresgid(" + Integer.toUnsignedLong(real) + "): " + Libc.lastError());
        }
        return true;
    }

    /** A user account: its name, uid and primary gid. */
    public record Account(String name, long uid, long gid) {
    }

    /** What {@link #relinquish} does. */
    public enum Action {
        /** Root became {@link Plan#account}: no root id, no group, no capability left in any thread. */
        SWITCH_USER,
        /** Root stays root, as asked. */
        KEEP_ROOT,
        /** Not root: the capabilities the process holds are given up. */
        DROP_CAPABILITIES,
        /** Not root and holding no capability: nothing to give up. */
        NOTHING
    }

    /** What to do, decided from the process's state before anything changes. */
    public record Plan(Action action, Account account) {
    }

    /**
     * What was done, and how every thread stands after.
     *
     * @param plan                      what was decided
     * @param threadsKeepingCapabilities threads (the JVM's, started before) that still hold capabilities
     * @param note                      something the user should know, or null
     */
    public record Outcome(Plan plan, int threadsKeepingCapabilities, String note) {
    }

    /**
     * Decides what a capture gives up.
     *
     * @param requested     the user to become ({@code -Z}), or null for {@link #DEFAULT_USER} or else {@link #FALLBACK_USER}
     * @param effectiveUid  the process's effective uid
     * @param capabilities  the calling thread's permitted capabilities
     * @param accounts      the passwd database: an account by name, or null
     * @throws PrivilegeException when the user asked for does not exist, or no default does
     */
    public static Plan plan(String requested, long effectiveUid, long capabilities, Function<String, Account> accounts)
            throws PrivilegeException {
        if (effectiveUid != 0) {
            return new Plan(capabilities != 0 ? Action.DROP_CAPABILITIES : Action.NOTHING, null);
        }
        Account account;
        if (requested != null) {
            account = accounts.apply(requested);
            if (account == null) {
                throw new PrivilegeException("no such user: " + requested);
            }
        } else {
            account = accounts.apply(DEFAULT_USER);
            if (account == null) {
                account = accounts.apply(FALLBACK_USER);
            }
            if (account == null) {
                throw new PrivilegeException("neither the user " + DEFAULT_USER + " nor " + FALLBACK_USER
                        + " exists to become; name another (or root, to stay root)");
            }
        }
        return new Plan(account.uid() == 0 ? Action.KEEP_ROOT : Action.SWITCH_USER, account);
    }

    /**
     * What {@link #relinquish} would do in this process now, changing nothing: a capture asks before it
     * opens its device, so that a user who does not exist stops it at once.
     *
     * @throws PrivilegeException when the user asked for does not exist, or no default does
     */
    public static Plan planFor(String requested) throws PrivilegeException {
        ProcessCredentials now;
        try {
            now = ProcessCredentials.ofCurrentThread();
        } catch (IOException e) {
            throw new PrivilegeException("cannot read /proc/thread-self/status: " + e.getMessage());
        }
        return plan(requested, Integer.toUnsignedLong(Libc.geteuid()), now.permitted(), Libc::account);
    }

    /**
     * Gives up what {@link #plan} decides for this process, and checks every thread after.
     *
     * @param requested the user to become, or null for the default
     * @throws PrivilegeException when a step fails or a thread is left privileged; the caller must not go on
     */
    public static Outcome relinquish(String requested) throws PrivilegeException {
        return relinquish(requested, List.of());
    }

    /**
     * {@link #relinquish(String)}, first giving {@code handOver} to the user the process becomes (files it
     * will remove later, such as a ring buffer's first file).
     */
    public static Outcome relinquish(String requested, List<Path> handOver) throws PrivilegeException {
        Plan plan = planFor(requested);
        String note = requested != null && plan.action() != Action.SWITCH_USER && plan.action() != Action.KEEP_ROOT
                ? "only root can become " + requested + "; the process stays uid " + Integer.toUnsignedLong(Libc.getuid())
                : null;
        switch (plan.action()) {
            case KEEP_ROOT, NOTHING -> {
                return new Outcome(plan, 0, note);
            }
            case SWITCH_USER -> {
                handOver(handOver, plan.account());
                switchUser(plan.account());
            }
            case DROP_CAPABILITIES -> {
                dropCapabilities();
                String left = EveryThreadCapabilities.clear();
                if (left != null && EveryThreadCapabilities.supported()) {
                    throw new PrivilegeException("the JVM's other threads kept their capabilities: " + left);
                }
            }
            default -> throw new IllegalStateException(plan.action().toString());
        }
        String unprotected = Libc.noNewPrivilegesInEveryThread();
        if (unprotected != null) {
            note = (note == null ? "" : note + "; ") + "threads may still gain privileges through set-user-ID programs ("
                    + unprotected + ")";
        }
        return new Outcome(plan, verify(plan), note);
    }

    private static void handOver(List<Path> files, Account account) throws PrivilegeException {
        for (Path file : files) {
            try {
                Files.setAttribute(file, "unix:uid", (int) account.uid());
                Files.setAttribute(file, "unix:gid", (int) account.gid());
            } catch (IOException | RuntimeException e) {
                throw new PrivilegeException(file + ": cannot give it to " + account.name() + ": " + e.getMessage());
            }
        }
    }

    private static void switchUser(Account account) throws PrivilegeException {
        // only this thread's bounding set can be emptied, and only while it holds CAP_SETPCAP: before setuid
        int last = lastCapability();
        for (int cap = 0; cap <= last; cap++) {
            Libc.prctl(Libc.PR_CAPBSET_DROP, cap, 0, 0, 0);
        }
        if (Libc.setgroups(0, null) != 0) {
            throw new PrivilegeException("setgroups: " + Libc.lastError());
        }
        if (Libc.setgid((int) account.gid()) != 0) {
            throw new PrivilegeException("setgid(" + account.gid() + "): " + Libc.lastError());
        }
        if (Libc.setuid((int) account.uid()) != 0) {
            throw new PrivilegeException("setuid(" + account.uid() + "): " + Libc.lastError());
        }
        // the kernel emptied the permitted, effective and ambient sets; the inheritable one is left to us
        if (Libc.clearCapabilities() != 0) {
            throw new PrivilegeException("capset: " + Libc.lastError());
        }
        if (Libc.setuid(0) == 0) {
            throw new PrivilegeException("could become root again after setuid(" + account.uid() + ")");
        }
    }

    private static void dropCapabilities() throws PrivilegeException {
        Libc.prctl(Libc.PR_CAP_AMBIENT, Libc.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
        if (Libc.clearCapabilities() != 0) {
            throw new PrivilegeException("capset: " + Libc.lastError());
        }
    }

    /** Checks the calling thread, and with a new user every thread; returns the threads that keep capabilities. */
    private static int verify(Plan plan) throws PrivilegeException {
        try {
            ProcessCredentials self = ProcessCredentials.ofCurrentThread();
            if (!self.holdsNoCapability()) {
                throw new PrivilegeException("capabilities left after the drop: " + self.describe());
            }
            List<ProcessCredentials> threads = ProcessCredentials.ofEveryThread(ProcessHandle.current().pid());
            int keeping = 0;
            for (ProcessCredentials t : threads) {
                if (plan.action() == Action.SWITCH_USER && (t.hasRootId() || t.groups().length > 0
                        || !t.holdsNoCapability() || t.uids()[0] != plan.account().uid())) {
                    throw new PrivilegeException("a thread kept root's rights after the drop: " + t.describe());
                }
                if (!t.holdsNoCapability()) {
                    keeping++;
                }
            }
            if (keeping > 0 && plan.action() == Action.DROP_CAPABILITIES && EveryThreadCapabilities.supported()) {
                throw new PrivilegeException(keeping + " threads kept their capabilities after the drop");
            }
            return keeping;
        } catch (IOException e) {
            throw new PrivilegeException("cannot read the threads' status after the drop: " + e.getMessage());
        }
    }

    /** The highest capability number this kernel knows. */
    private static int lastCapability() {
        try {
            // not Files.readString: procfs gives this file a size of 0, and that read then stops early
            return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/kernel/cap_last_cap")).get(0).trim());
        } catch (IOException | RuntimeException e) {
            return 63;
        }
    }
}
