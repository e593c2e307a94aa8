package org.jumbocap.capture.privilege;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The credentials of one thread as {@code /proc/PID/task/TID/status} shows them: user and group ids (real,
 * effective, saved, filesystem), supplementary groups, the five capability sets and the no-new-privileges
 * flag. The kernel keeps them per thread, so a process is unprivileged only when every one of its threads is.
 *
 * @param uids       real, effective, saved and filesystem user id
 * @param gids       real, effective, saved and filesystem group id
 * @param groups     supplementary groups
 * @param inheritable CapInh
 * @param permitted  CapPrm
 * @param effective  CapEff
 * @param bounding   CapBnd
 * @param ambient    CapAmb
 * @param noNewPrivs NoNewPrivs: execve can grant no privilege (set-user-ID bits and file capabilities are ignored)
 */
public record ProcessCredentials(long[] uids, long[] gids, long[] groups, long inheritable, long permitted,
                                 long effective, long bounding, long ambient, boolean noNewPrivs) {
    /** The Linux capability numbers jumbocap names. */
    public static final int CAP_SETGID = 6;
    public static final int CAP_SETUID = 7;
    public static final int CAP_NET_ADMIN = 12;
    public static final int CAP_NET_RAW = 13;

    /** Parses the text of a status file; a field it lacks reads as 0 (empty for the groups). */
    public static ProcessCredentials parse(String status) {
        long[] uids = {-1, -1, -1, -1};
        long[] gids = {-1, -1, -1, -1};
        long[] groups = new long[0];
        long inh = 0;
        long prm = 0;
        long eff = 0;
        long bnd = 0;
        long amb = 0;
        boolean nnp = false;
        for (String line : status.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String value = line.substring(colon + 1).trim();
            switch (line.substring(0, colon)) {
                case "Uid" -> uids = numbers(value);
                case "Gid" -> gids = numbers(value);
                case "Groups" -> groups = numbers(value);
                case "CapInh" -> inh = Long.parseUnsignedLong(value, 16);
                case "CapPrm" -> prm = Long.parseUnsignedLong(value, 16);
                case "CapEff" -> eff = Long.parseUnsignedLong(value, 16);
                case "CapBnd" -> bnd = Long.parseUnsignedLong(value, 16);
                case "CapAmb" -> amb = Long.parseUnsignedLong(value, 16);
                case "NoNewPrivs" -> nnp = "1".equals(value);
                default -> {
                    // other facts of the thread
                }
            }
        }
        return new ProcessCredentials(uids, gids, groups, inh, prm, eff, bnd, amb, nnp);
    }

    private static long[] numbers(String value) {
        return value.isEmpty() ? new long[0] : Stream.of(value.split("\\s+")).mapToLong(Long::parseLong).toArray();
    }

    /** The calling thread's credentials ({@code /proc/thread-self/status}). */
    public static ProcessCredentials ofCurrentThread() throws IOException {
        return parse(read(Path.of("/proc/thread-self/status")));
    }

    /** The credentials of every thread of a process ({@code /proc/PID/task/*}); threads that end meanwhile are left out. */
    public static List<ProcessCredentials> ofEveryThread(long pid) throws IOException {
        List<ProcessCredentials> all = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    all.add(parse(read(task.resolve("status"))));
                } catch (IOException e) {
                    // the thread ended between the listing and the read
                }
            }
        }
        return all;
    }

    /** A procfs file whole: procfs says its files are empty, and a read sized by that may stop early. */
    private static String read(Path file) throws IOException {
        try (java.io.InputStream in = Files.newInputStream(file)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    /** Whether any user or group id is 0. */
    public boolean hasRootId() {
        for (long id : uids) {
            if (id == 0) {
                return true;
            }
        }
        for (long id : gids) {
            if (id == 0) {
                return true;
            }
        }
        return false;
    }

    /** True when the thread holds no capability it could use or pass on (the bounding set aside). */
    public boolean holdsNoCapability() {
        return inheritable == 0 && permitted == 0 && effective == 0 && ambient == 0;
    }

    /** Whether the thread may use capability {@code cap} now. */
    public boolean mayUse(int cap) {
        return (effective & (1L << cap)) != 0;
    }

    /** The status lines these credentials came from, for messages: {@code Uid: 65534 65534 65534 65534, ...}. */
    public String describe() {
        return "Uid: " + join(uids) + ", Gid: " + join(gids) + ", Groups: " + join(groups) + ", CapInh: " + hex(inheritable)
                + ", CapPrm: " + hex(permitted) + ", CapEff: " + hex(effective) + ", CapBnd: " + hex(bounding)
                + ", CapAmb: " + hex(ambient) + ", NoNewPrivs: " + (noNewPrivs ? 1 : 0);
    }

    private static String join(long[] ids) {
        StringBuilder b = new StringBuilder();
        for (long id : ids) {
            b.append(b.length() == 0 ? "" : " ").append(id);
        }
        return b.toString();
    }

    private static String hex(long caps) {
        return String.format("%016x", caps);
    }
}
