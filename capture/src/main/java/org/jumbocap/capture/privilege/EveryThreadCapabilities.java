package org.jumbocap.capture.privilege;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Empties the capability sets of every thread of the process, not only the calling one. Linux keeps
 * capabilities per thread and capset changes the calling thread alone; a JVM runs its own threads
 * (compiler, collector, finalizer...) from before any code of the application, so a process started with file
 * or ambient capabilities would keep them there. The C library broadcasts setuid and its kin to every thread
 * (glibc's SETXID signal), but no credential call a non-root user may make clears capabilities, and libcap's
 * broadcast (libpsx) reaches only threads it created.
 *
 * <p>So this does what those broadcasts do: a real-time signal no one handles gets a handler that makes the
 * one system call {@code capset(version 3, this thread, nothing)} and returns; each thread listed in
 * {@code /proc/self/task} is sent the signal with tgkill, and the walk is repeated until every thread's
 * status shows no capability (a thread started meanwhile by one not yet reached copies its sets, and is
 * found in the next pass). The handler is a few instructions of machine code, not Java: it runs inside
 * whatever the thread was doing, where only an async-signal-safe system call is allowed; JVM threads already
 * take the C library's own SETXID signal the same way, and retry the calls it interrupts. The handler stays
 * installed, so a signal delivered late does nothing but the same. Only x86-64 has the handler here; elsewhere
 * {@link #clear} says it cannot.
 */
final class EveryThreadCapabilities {
    private static final long SIG_DFL = 0;
    private static final int SA_RESTART = 0x10000000;
    private static final int PROT_READ = 1;
    private static final int PROT_WRITE = 2;
    private static final int PROT_EXEC = 4;
    private static final int MAP_PRIVATE = 2;
    private static final int MAP_ANONYMOUS = 0x20;
    private static final int SYS_CAPSET_X86_64 = 126;
    /** tgkill's error for a thread that ended since the listing. */
    private static final int ESRCH = 3;
    /** glibc's struct sigaction on x86-64: handler, 128-byte mask, int flags (padded), restorer. */
    private static final int SIGACTION_SIZE = 152;
    private static final int SIGACTION_FLAGS = 136;
    private static final int PASSES = 50;

    /** The handler's arguments and code, kept for as long as the process runs: the handler stays installed. */
    private static Memory header;
    private static Memory data;
    private static Pointer handler;
    private static int signal;

    private EveryThreadCapabilities() {
    }

    /**
     * Empties every thread's effective, permitted and inheritable sets (and so their ambient ones).
     *
     * @return null when every thread listed holds no capability after, else why not
     */
    static synchronized String clear() {
        if (!supported()) {
            return "no signal handler for " + System.getProperty("os.arch") + " to reach the other threads";
        }
        if (handler == null) {
            String installed = install();
            if (installed != null) {
                return installed;
            }
        }
        int pid = LibcSignals.getpid();
        Set<Integer> signalled = new HashSet<>();
        for (int pass = 0; pass < PASSES; pass++) {
            List<Integer> holding;
            try {
                holding = threadsHoldingCapabilities();
            } catch (IOException e) {
                return "cannot list /proc/self/task: " + e.getMessage();
            }
            if (holding.isEmpty()) {
                return null;
            }
            for (int tid : holding) {
                // a thread signalled before and still holding has not run its handler yet: once is enough
                if (signalled.add(tid) && LibcSignals.tgkill(pid, tid, signal) != 0 && Native.getLastError() != ESRCH) {
                    return "tgkill(" + tid + "): " + Libc.lastError();
                }
            }
            try {
                Thread.sleep(pass < 10 ? 1 : 20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        }
        try {
            return threadsHoldingCapabilities().size() + " threads still hold capabilities: they do not take signal "
                    + signal + " (blocked)";
        } catch (IOException e) {
            return "cannot list /proc/self/task: " + e.getMessage();
        }
    }

    /** Whether this machine has the handler {@link #clear} needs. */
    static boolean supported() {
        return "amd64".equals(System.getProperty("os.arch")) || "x86_64".equals(System.getProperty("os.arch"));
    }

    /** The ids of this process's threads whose status shows a capability (the bounding set aside). */
    static List<Integer> threadsHoldingCapabilities() throws IOException {
        List<Integer> holding = new java.util.ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                ProcessCredentials c;
                try (java.io.InputStream in = Files.newInputStream(task.resolve("status"))) {
                    c = ProcessCredentials.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    continue; // the thread ended between the listing and the read
                }
                if (!c.holdsNoCapability()) {
                    holding.add(Integer.parseInt(task.getFileName().toString()));
                }
            }
        }
        return holding;
    }

    /** Writes the handler into a page of its own, made executable and read-only, and gives it a free signal. */
    private static String install() {
        Memory h = new Memory(8);
        h.setInt(0, 0x20080522); // _LINUX_CAPABILITY_VERSION_3
        h.setInt(4, 0); // pid 0: the calling thread
        Memory d = new Memory(24);
        d.clear(); // effective, permitted, inheritable: nothing, both 32-bit halves
        byte[] code = handlerCode(Pointer.nativeValue(h), Pointer.nativeValue(d));
        Pointer page = LibcSignals.mmap(null, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (Pointer.nativeValue(page) == -1L) {
            return "mmap: " + Libc.lastError();
        }
        page.write(0, code, 0, code.length);
        if (LibcSignals.mprotect(page, 4096, PROT_READ | PROT_EXEC) != 0) {
            return "mprotect: " + Libc.lastError();
        }
        Memory action = new Memory(SIGACTION_SIZE);
        for (int sig = LibcSignals.__libc_current_sigrtmax(); sig >= LibcSignals.__libc_current_sigrtmin(); sig--) {
            action.clear();
            if (LibcSignals.sigaction(sig, null, action) != 0 || action.getLong(0) != SIG_DFL) {
                continue; // someone's: the JVM, or a library loaded before
            }
            action.clear();
            action.setPointer(0, page);
            action.setInt(SIGACTION_FLAGS, SA_RESTART);
            if (LibcSignals.sigaction(sig, action, null) != 0) {
                return "sigaction(" + sig + "): " + Libc.lastError();
            }
            header = h;
            data = d;
            handler = page;
            signal = sig;
            return null;
        }
        return "no real-time signal is free for the handler";
    }

    /**
     * The handler, {@code void handler(int)} on x86-64:
     * <pre>
     *   mov    eax, 126        ; capset
     *   movabs rdi, header
     *   movabs rsi, data
     *   syscall
     *   ret
     * </pre>
     * It touches only registers a call may change, and errno not at all.
     */
    static byte[] handlerCode(long headerAddress, long dataAddress) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(28).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0xb8).putInt(SYS_CAPSET_X86_64);
        b.put((byte) 0x48).put((byte) 0xbf).putLong(headerAddress);
        b.put((byte) 0x48).put((byte) 0xbe).putLong(dataAddress);
        b.put((byte) 0x0f).put((byte) 0x05);
        b.put((byte) 0xc3);
        return java.util.Arrays.copyOf(b.array(), b.position());
    }
}
