package org.jumbocap.capture.privilege;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * The C library's credential functions, bound directly through JNA. setuid, setgid, setresgid and setgroups are the
 * C library's, never the raw system calls: Linux keeps credentials per thread, and glibc's wrappers apply
 * the change to every thread of the process (its SETXID signal), which a JVM, with its dozens of
 * threads, depends on. prctl and capset change the calling thread only. prctl and syscall are variadic
 * in C; on the 64-bit ABIs a capture runs on, arguments passed as longs are what they read.
 */
final class Libc {
    static final int PR_CAPBSET_DROP = 24;
    static final int PR_SET_NO_NEW_PRIVS = 38;
    static final int PR_CAP_AMBIENT = 47;
    static final int PR_CAP_AMBIENT_CLEAR_ALL = 4;
    private static final int LINUX_CAPABILITY_VERSION_3 = 0x20080522;
    private static final int SECCOMP_SET_MODE_FILTER = 1;
    private static final int SECCOMP_FILTER_FLAG_TSYNC = 1;

    static {
        Native.register(NativeLibrary.getInstance("c"));
    }

    private Libc() {
    }

    static native int getuid();

    static native int geteuid();

    static native int getgid();

    static native int getegid();

    static native int setresgid(int rgid, int egid, int sgid);

    static native Pointer getpwnam(String name);

    static native int setgroups(long size, Pointer list);

    static native int setgid(int gid);

    static native int setuid(int uid);

    static native int prctl(int option, long arg2, long arg3, long arg4, long arg5);

    static native int capset(Pointer header, Pointer data);

    static native long syscall(long number, long arg1, long arg2, Pointer arg3);

    static native String strerror(int errno);

    /** The last call's error, as text. */
    static String lastError() {
        return strerror(Native.getLastError());
    }

    /** A user's uid and primary gid from the passwd database, or null when there is no such user. */
    static Privileges.Account account(String name) {
        Pointer pw = getpwnam(name);
        if (pw == null) {
            return null;
        }
        // struct passwd: pw_name, pw_passwd, then uid_t pw_uid and gid_t pw_gid
        long offset = 2L * Native.POINTER_SIZE;
        return new Privileges.Account(name, Integer.toUnsignedLong(pw.getInt(offset)),
                Integer.toUnsignedLong(pw.getInt(offset + 4)));
    }

    /** Empties the calling thread's effective, permitted and inheritable capability sets. */
    static int clearCapabilities() {
        Memory header = new Memory(8);
        header.setInt(0, LINUX_CAPABILITY_VERSION_3);
        header.setInt(4, 0);
        Memory data = new Memory(24);
        data.clear();
        return capset(header, data);
    }

    /**
     * Sets no-new-privileges on every thread: on this one through prctl, on the others by installing a
     * seccomp filter that allows every system call with the flag that synchronizes all threads, which
     * also gives them this thread's no-new-privileges. Nothing else on Linux reaches every thread.
     *
     * @return null when done, else why not
     */
    static String noNewPrivilegesInEveryThread() {
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
            return "prctl(PR_SET_NO_NEW_PRIVS): " + lastError();
        }
        long seccomp = switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> 317;
            case "aarch64" -> 277;
            default -> -1;
        };
        if (seccomp < 0) {
            return "no seccomp system call number known for " + System.getProperty("os.arch");
        }
        // one BPF instruction, BPF_RET|BPF_K SECCOMP_RET_ALLOW, and the sock_fprog that points at it
        Memory filter = new Memory(8);
        filter.setShort(0, (short) 0x06);
        filter.setByte(2, (byte) 0);
        filter.setByte(3, (byte) 0);
        filter.setInt(4, 0x7fff0000);
        Memory program = new Memory(2L * Native.POINTER_SIZE);
        program.clear();
        program.setShort(0, (short) 1);
        program.setPointer(Native.POINTER_SIZE, filter);
        // the system call itself: the C library (glibc 2.36) has no seccomp function, and prctl's form takes no flags
        long rc = syscall(seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, program);
        return rc == 0 ? null : "seccomp(SECCOMP_FILTER_FLAG_TSYNC): " + (rc > 0 ? "thread " + rc + " differs" : lastError());
    }
}
