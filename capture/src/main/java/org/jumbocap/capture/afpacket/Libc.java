package org.jumbocap.capture.afpacket;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/** The few C library calls a packet socket needs, direct-mapped through JNA; errors come as {@link LastErrorException}. */
final class Libc {
    static {
        Native.register(NativeLibrary.getInstance("c"));
    }

    private Libc() {
    }

    static void ensureLoaded() {
        // the static initializer did the work
    }

    static native int socket(int domain, int type, int protocol) throws LastErrorException;

    static native int setsockopt(int fd, int level, int name, Pointer value, int length) throws LastErrorException;

    static native int getsockopt(int fd, int level, int name, Pointer value, Pointer length) throws LastErrorException;

    static native int bind(int fd, Pointer address, int length) throws LastErrorException;

    static native int getsockname(int fd, Pointer address, Pointer length) throws LastErrorException;

    static native Pointer mmap(Pointer address, long length, int protection, int flags, int fd, long offset)
            throws LastErrorException;

    static native int munmap(Pointer address, long length) throws LastErrorException;

    static native int poll(Pointer fds, long count, int timeoutMillis) throws LastErrorException;

    static native int eventfd(int initial, int flags) throws LastErrorException;

    static native long write(int fd, Pointer buffer, long count) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    static native int ioctl(int fd, long request, Pointer argument) throws LastErrorException;

    static native int if_nametoindex(String name);

    static native int gettid();

    static native int setpriority(int which, int who, int priority) throws LastErrorException;
}
