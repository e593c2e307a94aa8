package org.jumbocap.capture.privilege;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/** The C library's signal and memory functions that {@link EveryThreadCapabilities} needs, bound with JNA. */
final class LibcSignals {
    static {
        Native.register(NativeLibrary.getInstance("c"));
    }

    private LibcSignals() {
    }

    static native int getpid();

    static native int tgkill(int pid, int tid, int sig);

    static native int sigaction(int sig, Pointer action, Pointer old);

    static native Pointer mmap(Pointer address, long length, int prot, int flags, int fd, long offset);

    static native int mprotect(Pointer address, long length, int prot);

    static native int __libc_current_sigrtmin();

    static native int __libc_current_sigrtmax();
}
