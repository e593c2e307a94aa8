package org.jumbocap.capture.afpacket;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A Linux packet socket with a TPACKET_V3 receive ring mapped into the process, set up for whole
 * super-packets: {@code PACKET_VNET_HDR} (the kernel writes a {@code virtio_net_hdr} before every frame),
 * blocks large enough for a 512 KiB GSO/GRO frame, retired by a timeout so a quiet link still hands its
 * frames over promptly. An eventfd polled beside the socket lets another thread end a wait.
 *
 * <p>The socket is opened with protocol 0 and bound to its interface without one, so the kernel gives it
 * nothing until {@link #start}: a capture filter attached before that applies to the very first frame.
 *
 * <p>{@link #ANY} opens one socket for every interface, as libpcap's "any" does: a cooked
 * ({@code SOCK_DGRAM}) socket bound to interface index 0, whose frames start at the network header and
 * whose {@code struct sockaddr_ll} in the ring says which interface, protocol and direction each has. The
 * kernel refuses {@code PACKET_VNET_HDR} on such a socket, so its frames come without the virtio_net_hdr.
 *
 * <p>Not thread-safe, except {@link #wake}, which may race {@link #close}.
 */
public final class PacketSocket implements AutoCloseable {
    /** errno values the caller tells apart. */
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int ENXIO = 6;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int ENODEV = 19;
    public static final int EINVAL = 22;
    public static final int ENOPROTOOPT = 92;
    public static final int EAFNOSUPPORT = 97;
    public static final int ENETDOWN = 100;
    private static final int EINTR = 4;
    private static final int EBADF = 9;

    /** ARPHRD_ types of {@code sll_hatype}. */
    public static final int ARPHRD_ETHER = 1;
    public static final int ARPHRD_LOOPBACK = 772;
    public static final int ARPHRD_NONE = 0xFFFE;

    /** {@code sll_pkttype} values. */
    public static final int PACKET_HOST = 0;
    public static final int PACKET_BROADCAST = 1;
    public static final int PACKET_MULTICAST = 2;
    public static final int PACKET_OTHERHOST = 3;
    public static final int PACKET_OUTGOING = 4;

    /** Size of the {@code struct virtio_net_hdr} PACKET_VNET_HDR puts right before each frame's MAC header. */
    public static final int VNET_HDR_BYTES = 10;

    private static final int AF_PACKET = 17;
    private static final int SOCK_RAW = 3;
    private static final int SOCK_DGRAM = 2;
    private static final int PRIO_PROCESS = 0;
    /** The device name of every interface at once. */
    public static final String ANY = "any";
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int ETH_P_ALL = 0x0003;
    private static final int SOL_SOCKET = 1;
    private static final int SO_ERROR = 4;
    private static final int SO_ATTACH_FILTER = 26;
    private static final int SO_DETACH_FILTER = 27;
    private static final int SOL_PACKET = 263;
    private static final int PACKET_ADD_MEMBERSHIP = 1;
    private static final int PACKET_RX_RING = 5;
    private static final int PACKET_STATISTICS = 6;
    private static final int PACKET_VERSION = 10;
    private static final int PACKET_VNET_HDR = 15;
    private static final int TPACKET_V3 = 2;
    private static final int PACKET_MR_PROMISC = 1;
    private static final int PROT_READ = 1;
    private static final int PROT_WRITE = 2;
    private static final int MAP_SHARED = 1;
    private static final int EFD_NONBLOCK = 0x800;
    private static final int EFD_CLOEXEC = 0x80000;
    private static final short POLLIN = 1;
    private static final short POLLERR = 8;
    private static final short POLLHUP = 0x10;
    private static final short POLLNVAL = 0x20;
    private static final int SOCKADDR_LL_BYTES = 20;
    private static final long SIOCGIFFLAGS = 0x8913;
    private static final int IFF_UP = 1;
    private static final int IFNAMSIZ = 16;

    /** A failed system call: which one, and its errno. */
    public static final class SocketException extends IOException {
        private final int errno;
        private final String call;

        SocketException(String call, int errno) {
            super(call + ": " + describe(errno));
            this.call = call;
            this.errno = errno;
        }

        public int errno() {
            return errno;
        }

        /** The call that failed, as "setsockopt(PACKET_RX_RING)". */
        public String call() {
            return call;
        }
    }

    /** What {@link #await} found. */
    public enum Wait {
        /** The kernel handed a block over (or may have): walk the ring. */
        READY,
        /** Nothing within the time. */
        TIMEOUT,
        /** {@link #wake} was called. */
        WOKEN
    }

    private final int fd;
    private final int wakeFd;
    private final int ifindex;
    private final int hardwareType;
    private final boolean cooked;
    private final Pointer mapping;
    private final long mappingBytes;
    private final ByteBuffer ring;
    private final RingWalk walk;
    private final Memory pollFds = new Memory(16);
    private final Memory wakeValue = new Memory(8);
    private final Memory stats = new Memory(12);
    private final Memory optionLength = new Memory(4);
    /** Its own, as the counters may be read on another thread than the one waiting. */
    private final Memory statsLength = new Memory(4);
    private boolean started;
    private boolean closed;

    private PacketSocket(int fd, int wakeFd, int ifindex, int hardwareType, Pointer mapping, long mappingBytes,
                         int blockBytes, int blocks) {
        this.fd = fd;
        this.wakeFd = wakeFd;
        this.ifindex = ifindex;
        this.hardwareType = hardwareType;
        this.cooked = ifindex == 0;
        this.mapping = mapping;
        this.mappingBytes = mappingBytes;
        this.ring = mapping.getByteBuffer(0, mappingBytes).order(ByteOrder.nativeOrder());
        this.walk = new RingWalk(ring, blockBytes, blocks);
        pollFds.clear();
        pollFds.setInt(0, fd);
        pollFds.setShort(4, POLLIN);
        pollFds.setInt(8, wakeFd);
        pollFds.setShort(12, POLLIN);
        wakeValue.setLong(0, 1);
    }

    /**
     * Opens a packet socket on {@code device} with a ring of {@code blocks} blocks of {@code blockBytes}.
     *
     * @param blockBytes         a multiple of the page size
     * @param blockTimeoutMillis how long the kernel fills a block before handing it over anyway
     * @throws SocketException   naming the call that failed and its errno; {@code if_nametoindex} with
     *                           ENODEV when there is no such interface
     * @throws LinkageError      where the C library cannot be bound (not Linux)
     */
    public static PacketSocket open(String device, int blockBytes, int blocks, int blockTimeoutMillis,
                                    boolean promiscuous) throws SocketException {
        Libc.ensureLoaded();
        boolean any = device.equals(ANY);
        int ifindex = any ? 0 : Libc.if_nametoindex(device);
        if (ifindex == 0 && !any) {
            throw new SocketException("if_nametoindex(" + device + ")", ENODEV);
        }
        int fd = call("socket(AF_PACKET)", () -> Libc.socket(AF_PACKET, (any ? SOCK_DGRAM : SOCK_RAW) | SOCK_CLOEXEC, 0));
        int wakeFd = -1;
        Pointer mapping = null;
        long mappingBytes = (long) blockBytes * blocks;
        try {
            Memory one = new Memory(4);
            one.setInt(0, 1);
            if (!any) {
                // before the ring: the kernel refuses it once a ring is mapped (and always on a cooked socket)
                call("setsockopt(PACKET_VNET_HDR)", () -> Libc.setsockopt(fd, SOL_PACKET, PACKET_VNET_HDR, one, 4));
            }
            one.setInt(0, TPACKET_V3);
            call("setsockopt(PACKET_VERSION, TPACKET_V3)", () -> Libc.setsockopt(fd, SOL_PACKET, PACKET_VERSION, one, 4));
            Memory req = new Memory(28);
            req.clear();
            req.setInt(0, blockBytes);          // tp_block_size
            req.setInt(4, blocks);              // tp_block_nr
            req.setInt(8, blockBytes);          // tp_frame_size: a frame may take the whole block
            req.setInt(12, blocks);             // tp_frame_nr
            req.setInt(16, blockTimeoutMillis); // tp_retire_blk_tov
            call("setsockopt(PACKET_RX_RING)", () -> Libc.setsockopt(fd, SOL_PACKET, PACKET_RX_RING, req, 28));
            try {
                mapping = Libc.mmap(null, mappingBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
            } catch (LastErrorException e) {
                throw new SocketException("mmap(capture ring)", e.getErrorCode());
            }
            if (mapping == null || Pointer.nativeValue(mapping) == -1L) {
                mapping = null;
                throw new SocketException("mmap(capture ring)", ENOMEM);
            }
            Memory address = new Memory(SOCKADDR_LL_BYTES);
            Memory length = new Memory(4);
            linkAddress(address, ifindex, 0);
            call("bind(" + device + ")", () -> Libc.bind(fd, address, SOCKADDR_LL_BYTES));
            length.setInt(0, SOCKADDR_LL_BYTES);
            call("getsockname", () -> Libc.getsockname(fd, address, length));
            int hardwareType = address.getShort(8) & 0xFFFF;
            if (promiscuous && !any) {
                // as libpcap: "any" is never promiscuous
                Memory mreq = new Memory(16);
                mreq.clear();
                mreq.setInt(0, ifindex);
                mreq.setShort(4, (short) PACKET_MR_PROMISC);
                call("setsockopt(PACKET_ADD_MEMBERSHIP, PACKET_MR_PROMISC)",
                        () -> Libc.setsockopt(fd, SOL_PACKET, PACKET_ADD_MEMBERSHIP, mreq, 16));
            }
            wakeFd = call("eventfd", () -> Libc.eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC));
            return new PacketSocket(fd, wakeFd, ifindex, hardwareType, mapping, mappingBytes, blockBytes, blocks);
        } catch (SocketException | RuntimeException e) {
            Pointer mapped = mapping;
            if (mapped != null) {
                quietly(() -> Libc.munmap(mapped, mappingBytes));
            }
            int w = wakeFd;
            if (w >= 0) {
                quietly(() -> Libc.close(w));
            }
            quietly(() -> Libc.close(fd));
            throw e;
        }
    }

    /** A {@code struct sockaddr_ll} for bind: family, protocol (network order), ifindex. */
    private static void linkAddress(Memory address, int ifindex, int protocol) {
        address.clear();
        address.setShort(0, (short) AF_PACKET);
        address.setShort(2, (short) (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN
                ? Short.reverseBytes((short) protocol) : protocol));
        address.setInt(4, ifindex);
    }

    /**
     * Gives the calling thread (the one that will drain the ring) the scheduling priority {@code nice}, as
     * {@code nice -n -10 tcpdump} does for a whole process; false where the process may not (neither root
     * nor CAP_SYS_NICE), which leaves it as it was.
     */
    public static boolean raiseCallingThreadPriority(int nice) {
        try {
            return Libc.setpriority(PRIO_PROCESS, Libc.gettid(), nice) == 0;
        } catch (LastErrorException | UnsatisfiedLinkError e) {
            return false;
        }
    }

    /** Whether the interface is up (IFF_UP), as this socket's network namespace sees it. */
    public boolean interfaceUp(String device) throws SocketException {
        byte[] name = device.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        // struct ifreq: the name, then a union whose first short is ifr_flags; 40 bytes on 64-bit
        Memory ifreq = new Memory(40);
        ifreq.clear();
        ifreq.write(0, name, 0, Math.min(name.length, IFNAMSIZ - 1));
        call("ioctl(SIOCGIFFLAGS)", () -> Libc.ioctl(fd, SIOCGIFFLAGS, ifreq));
        return (ifreq.getShort(IFNAMSIZ) & IFF_UP) != 0;
    }

    /** Starts receiving every protocol on the interface; once. */
    public void start() throws SocketException {
        if (started) {
            return;
        }
        Memory address = new Memory(SOCKADDR_LL_BYTES);
        linkAddress(address, ifindex, ETH_P_ALL);
        call("bind(ETH_P_ALL)", () -> Libc.bind(fd, address, SOCKADDR_LL_BYTES));
        started = true;
    }

    /**
     * Waits up to {@code timeoutMillis} for the kernel to hand a block over or for {@link #wake}.
     *
     * @throws SocketException with the socket's pending error (ENETDOWN when the interface went down or
     *                         away) when the kernel reports one
     */
    public Wait await(int timeoutMillis) throws SocketException {
        pollFds.setShort(6, (short) 0);
        pollFds.setShort(14, (short) 0);
        int n;
        try {
            n = Libc.poll(pollFds, 2, timeoutMillis);
        } catch (LastErrorException e) {
            if (e.getErrorCode() == EINTR) {
                return Wait.TIMEOUT;
            }
            throw new SocketException("poll", e.getErrorCode());
        }
        if (n <= 0) {
            return Wait.TIMEOUT;
        }
        if (pollFds.getShort(14) != 0) {
            return Wait.WOKEN;
        }
        short events = pollFds.getShort(6);
        if ((events & (POLLERR | POLLHUP | POLLNVAL)) != 0) {
            int error = pendingError();
            throw new SocketException("poll", error != 0 ? error : (events & POLLNVAL) != 0 ? ENXIO : ENETDOWN);
        }
        return Wait.READY;
    }

    /** The socket's pending error (SO_ERROR), which reading clears; 0 when none. */
    private int pendingError() {
        Memory value = new Memory(4);
        try {
            value.setInt(0, 0);
            optionLength.setInt(0, 4);
            Libc.getsockopt(fd, SOL_SOCKET, SO_ERROR, value, optionLength);
            return value.getInt(0);
        } catch (LastErrorException e) {
            return e.getErrorCode();
        }
    }

    /** Ends a wait in {@link #await}, now and every later one. Safe from any thread. */
    public void wake() {
        synchronized (wakeValue) {
            if (!closed) {
                try {
                    Libc.write(wakeFd, wakeValue, 8);
                } catch (LastErrorException e) {
                    // the counter is already non-zero (or full): a wait ends anyway
                }
            }
        }
    }

    /**
     * Attaches a classic BPF program (replacing any before it): the kernel runs it on every frame and
     * keeps as many bytes as it returns.
     *
     * <p>The four arrays are the instructions' fields, one entry an instruction, as {@code struct
     * sock_filter} holds them: u16 code, u8 jt, u8 jf, u32 k.
     */
    public void attachFilter(int[] code, int[] jt, int[] jf, int[] k) throws SocketException {
        int n = code.length;
        Memory instructions = new Memory(Math.max(8, 8L * n));
        Memory fprog = new Memory(16);
        for (int i = 0; i < n; i++) {
            instructions.setShort(8L * i, (short) code[i]);
            instructions.setByte(8L * i + 2, (byte) jt[i]);
            instructions.setByte(8L * i + 3, (byte) jf[i]);
            instructions.setInt(8L * i + 4, k[i]);
        }
        // struct sock_fprog { unsigned short len; struct sock_filter *filter; }
        fprog.clear();
        fprog.setShort(0, (short) n);
        fprog.setPointer(Native.POINTER_SIZE == 8 ? 8 : 4, instructions);
        call("setsockopt(SO_ATTACH_FILTER)",
                () -> Libc.setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, fprog, Native.POINTER_SIZE == 8 ? 16 : 8));
    }

    /** Removes the attached program, if any. */
    public void detachFilter() throws SocketException {
        Memory unused = new Memory(4);
        try {
            unused.setInt(0, 0);
            Libc.setsockopt(fd, SOL_SOCKET, SO_DETACH_FILTER, unused, 4);
        } catch (LastErrorException e) {
            if (e.getErrorCode() != ENOENT) {
                throw new SocketException("setsockopt(SO_DETACH_FILTER)", e.getErrorCode());
            }
        }
    }

    /**
     * The kernel's counters since the last call ({@code struct tpacket_stats_v3}; reading resets them).
     *
     * @return frames the socket was given (dropped ones included), and frames dropped for want of ring space
     */
    public long[] takeStatistics() throws SocketException {
        synchronized (wakeValue) {
            if (closed) {
                throw new SocketException("getsockopt(PACKET_STATISTICS) after close", EBADF);
            }
            stats.clear();
            statsLength.setInt(0, 12);
            call("getsockopt(PACKET_STATISTICS)", () -> Libc.getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, stats,
                    statsLength));
            return new long[] {stats.getInt(0) & 0xFFFFFFFFL, stats.getInt(4) & 0xFFFFFFFFL};
        }
    }

    /** The mapped ring, in the host's byte order; valid until {@link #close}. */
    public ByteBuffer ring() {
        return ring;
    }

    public RingWalk walk() {
        return walk;
    }

    public int ifindex() {
        return ifindex;
    }

    /** The interface's ARPHRD_ type (not meaningful for {@link #ANY}: each frame's is in the ring). */
    public int hardwareType() {
        return hardwareType;
    }

    /**
     * True for the {@link #ANY} socket: frames start at the network header, without a virtio_net_hdr; the
     * link layer is described by each frame's {@code struct sockaddr_ll}.
     */
    public boolean cooked() {
        return cooked;
    }

    /** Unmaps the ring and closes the socket; the ring's bytes must not be read after. */
    @Override
    public void close() {
        synchronized (wakeValue) {
            if (closed) {
                return;
            }
            closed = true;
            quietly(() -> Libc.munmap(mapping, mappingBytes));
            quietly(() -> Libc.close(wakeFd));
            quietly(() -> Libc.close(fd));
        }
    }

    private interface Call {
        int run() throws LastErrorException;
    }

    private static int call(String what, Call c) throws SocketException {
        try {
            int rc = c.run();
            if (rc < 0) {
                throw new SocketException(what, EINVAL);
            }
            return rc;
        } catch (LastErrorException e) {
            throw new SocketException(what, e.getErrorCode());
        }
    }

    private static void quietly(Call c) {
        try {
            c.run();
        } catch (LastErrorException e) {
            // releasing: nothing to do about a failure
        }
    }

    /** The C library's text for an errno, with its symbolic name where it matters. */
    static String describe(int errno) {
        return switch (errno) {
            case EPERM -> "operation not permitted (EPERM)";
            case EACCES -> "permission denied (EACCES)";
            case ENODEV -> "no such device (ENODEV)";
            case ENXIO -> "no such device or address (ENXIO)";
            case ENOMEM -> "cannot allocate memory (ENOMEM)";
            case EINVAL -> "invalid argument (EINVAL)";
            case ENOPROTOOPT -> "protocol not available (ENOPROTOOPT)";
            case EAFNOSUPPORT -> "address family not supported (EAFNOSUPPORT)";
            case ENETDOWN -> "network is down (ENETDOWN)";
            default -> "errno " + errno;
        };
    }
}
