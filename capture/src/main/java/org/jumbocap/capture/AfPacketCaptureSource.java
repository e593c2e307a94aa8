package org.jumbocap.capture;

import java.io.IOException;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.jumbocap.capture.afpacket.PacketSocket;
import org.jumbocap.capture.afpacket.RingWalk;
import org.jumbocap.capture.filter.BpfCompiler;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.PacketFlags;
import org.jumbocap.io.VnetHeader;

/**
 * A live capture through jumbocap's own Linux packet socket ({@link PacketSocket}): a TPACKET_V3 ring of
 * blocks of 1 to 4 MiB ({@link #blockBytes}), so every GSO/GRO super-packet (up to 512 KiB) arrives whole, with what
 * the kernel knew about it: the direction and reception type ({@code sll_pkttype}), the checksum and TSO
 * state ({@code tp_status}) as pcapng flags ({@link PacketFlags}), and the {@code virtio_net_hdr}
 * ({@link VnetHeader}: gso_type, gso_size, checksum offsets). libpcap only compiles the capture filter,
 * which the kernel then runs (SO_ATTACH_FILTER), so filters keep libpcap's semantics.
 *
 * <p>Frames are read in the ring, in place: {@link #next(FrameRecord, int, FrameBytesSink)} hands the sink
 * a view of the ring's bytes. As libpcap does, the loopback interface's outgoing copy of each packet is
 * skipped (it is seen again coming in), and a VLAN tag the kernel took off the frame is put back.
 *
 * <p>The socket takes no frame before the capture filter is attached or the first frame is read, so
 * none gets past a filter set after opening, as {@code jumbocap capture} sets it.
 *
 * <p>{@code any} captures every interface through one cooked socket ({@link PacketSocket#ANY}), as libpcap
 * does: each frame is written as LINKTYPE_LINUX_SLL2 (276), its 20-byte header made from the ring's
 * {@code struct sockaddr_ll} (protocol, interface index, ARPHRD type, packet type, link-layer address),
 * with the direction and tp_status flags but no virtio_net_hdr (the kernel gives none to a cooked socket);
 * the capture filter is compiled for SLL2 and its loads moved as libpcap moves them for such a socket.
 *
 * <p>The thread that opens the source drains its ring: it is given nice {@value #READER_NICE} where the process
 * may, so other work on a busy machine does not make the kernel drop frames.
 *
 * <p>{@link #open} refuses ({@link Refused}) where the kernel cannot give such a socket: not Linux, no
 * permission, an old kernel, or a link type other than Ethernet, loopback or raw IP;
 * {@link CaptureSources} then opens libpcap's source.
 */
public final class AfPacketCaptureSource implements CaptureSource {
    /**
     * Largest ring block: 8 frames of 524,170 bytes (the largest super-packet Linux builds) with their
     * headers fit, where a 1 MiB block holds one (two miss by a few bytes), so the ring holds twice the
     * super-packets for its memory. It is also the largest block the kernel allocates in one piece (4 MiB,
     * MAX_PAGE_ORDER on x86-64).
     */
    static final int MAX_BLOCK_BYTES = 4 << 20;
    /** Smallest ring block: a 524,288-byte frame and its headers fit whole. */
    static final int MIN_BLOCK_BYTES = 1 << 20;
    /** Fewest blocks, so the kernel fills some while one is read. */
    static final int MIN_BLOCKS = 4;
    /**
     * The nice value of the thread that opens the source and then drains its ring. The kernel drops what the
     * ring cannot hold while that thread waits for a CPU, and on a busy machine it waits: at nice 0 among
     * builds it dropped a super-packet in two that tcpdump kept, at -10 none (cli/bench/capture-load.sh).
     */
    static final int READER_NICE = -10;

    /** Why this machine, interface or process cannot have the AF_PACKET source, in one line. */
    public static final class Refused extends Exception {
        private final CaptureException.Kind kind;

        Refused(CaptureException.Kind kind, String reason) {
            super(reason);
            this.kind = kind;
        }

        /** The kind of error it is when the user asked for this source by name. */
        public CaptureException.Kind kind() {
            return kind;
        }
    }

    private static final int VLAN_TPID = 0x8100;
    /** LINKTYPE_LINUX_SLL2's header: protocol, reserved, ifindex, hatype, pkttype, halen, addr[8]. */
    static final int SLL2_HEADER_BYTES = 20;

    private final PacketSocket socket;
    private final RingWalk walk;
    /** The ring as the sink sees a frame: one view, its position and limit set per frame. */
    private final ByteBuffer view;
    private final ByteBuffer ring;
    private final String device;
    private final int linkType;
    private final int snaplen;
    private final int timeoutMillis;
    private final boolean loopback;
    private final boolean ethernet;
    /** The "any" socket: frames start at the network header and get an SLL2 header. */
    private final boolean cooked;
    private volatile boolean broken;
    private long number;
    private long received;
    private long dropped;
    /** The interface's own drop counters when the capture opened (promiscuous only, as libpcap), or -1. */
    private final long interfaceDropsAtOpen;
    private VnetHeader lastVnet = VnetHeader.NONE;
    /** The SLL2 header of a frame copied out of the ring. */
    private final ByteBuffer cookedScratch = ByteBuffer.allocate(SLL2_HEADER_BYTES);
    /** A frame with its VLAN tag put back, for the sink: built outside the ring. */
    private ByteBuffer tagged;

    private AfPacketCaptureSource(PacketSocket socket, String device, int linkType, int snaplen, int timeoutMillis,
                                  boolean promiscuous) {
        this.socket = socket;
        this.walk = socket.walk();
        this.ring = socket.ring();
        this.view = ring.duplicate();
        this.device = device;
        this.linkType = linkType;
        this.snaplen = snaplen;
        this.timeoutMillis = timeoutMillis;
        this.loopback = socket.hardwareType() == PacketSocket.ARPHRD_LOOPBACK;
        this.ethernet = linkType == LinkTypes.ETHERNET;
        this.cooked = socket.cooked();
        this.interfaceDropsAtOpen = promiscuous && !cooked ? interfaceDrops(device) : -1;
    }

    /**
     * Frames the interface dropped before any socket saw them, as libpcap counts them for pcap_stats
     * (rx_missed_errors and rx_fifo_errors in /sys/class/net); 0 where they cannot be read.
     */
    static long interfaceDrops(String device) {
        long sum = 0;
        for (String counter : new String[] {"rx_missed_errors", "rx_fifo_errors"}) {
            try {
                sum += Long.parseLong(Files.readString(Path.of("/sys/class/net", device, "statistics", counter)).trim());
            } catch (IOException | NumberFormatException | InvalidPathException e) {
                // a driver without the counter counts none
            }
        }
        return sum;
    }

    /**
     * Opens the device; the filter, if any, is attached before the socket takes its first frame.
     *
     * @throws Refused          when this source cannot capture here (the reason is one line for the user)
     * @throws CaptureException when it could, but the device does not exist, the ring cannot be had, or
     *                          the filter does not compile
     */
    public static AfPacketCaptureSource open(Options options) throws CaptureException, Refused {
        String device = options.device();
        String os = System.getProperty("os.name", "");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
            throw new Refused(CaptureException.Kind.OTHER, "AF_PACKET sockets are Linux's, and this is " + os);
        }
        if (!"64".equals(System.getProperty("sun.arch.data.model", "64"))) {
            throw new Refused(CaptureException.Kind.OTHER, "jumbocap's AF_PACKET source needs a 64-bit JVM");
        }
        int blockBytes = blockBytes(options.bufferBytes());
        int blocks = Math.max(MIN_BLOCKS, options.bufferBytes() / blockBytes);
        PacketSocket socket;
        try {
            socket = PacketSocket.open(device, blockBytes, blocks, Math.max(1, options.timeoutMillis()),
                    options.promiscuous());
        } catch (LinkageError e) {
            throw new Refused(CaptureException.Kind.OTHER, "the C library cannot be called (" + e.getMessage() + ")");
        } catch (PacketSocket.SocketException e) {
            throw refusedOrFailed(device, e);
        }
        try {
            if (!socket.cooked() && !socket.interfaceUp(device)) {
                socket.close();
                throw new CaptureException(CaptureException.Kind.OTHER, device + ": the interface is down (ip link set dev "
                        + device + " up)");
            }
        } catch (PacketSocket.SocketException e) {
            socket.close();
            throw new CaptureException(CaptureException.Kind.OTHER, device + ": " + e.getMessage(), e);
        }
        int linkType = socket.cooked() ? LinkTypes.LINUX_SLL2 : switch (socket.hardwareType()) {
            // loopback frames carry an Ethernet header of zero addresses
            case PacketSocket.ARPHRD_ETHER, PacketSocket.ARPHRD_LOOPBACK -> LinkTypes.ETHERNET;
            case PacketSocket.ARPHRD_NONE -> LinkTypes.RAW;
            default -> -1;
        };
        if (linkType < 0) {
            socket.close();
            throw new Refused(CaptureException.Kind.OTHER, device + " has link type ARPHRD " + socket.hardwareType()
                    + "; jumbocap's AF_PACKET source takes Ethernet, loopback and raw IP interfaces");
        }
        // while the process may (root or CAP_SYS_NICE, given up with the others once the capture is open)
        PacketSocket.raiseCallingThreadPriority(READER_NICE);
        AfPacketCaptureSource source = new AfPacketCaptureSource(socket, device, linkType,
                Math.max(1, Math.min(options.snaplen(), AF_PACKET_MAX_SNAPLEN)), Math.max(1, options.timeoutMillis()),
                options.promiscuous());
        if (options.filter() != null) {
            try {
                source.setFilter(options.filter());
            } catch (CaptureException e) {
                source.close();
                throw e;
            }
        }
        return source;
    }

    /**
     * The ring's block size for a capture buffer: the largest of 4, 2 and 1 MiB that still makes
     * {@link #MIN_BLOCKS} blocks (a small buffer gets at least that many 1 MiB blocks).
     */
    static int blockBytes(int bufferBytes) {
        int block = MAX_BLOCK_BYTES;
        while (block > MIN_BLOCK_BYTES && bufferBytes / block < MIN_BLOCKS) {
            block >>= 1;
        }
        return block;
    }

    /**
     * A failed setup call as an error to report, or (thrown) a refusal: the kernel or the process cannot
     * have this source, and libpcap's may do.
     */
    private static CaptureException refusedOrFailed(String device, PacketSocket.SocketException e) throws Refused {
        int errno = e.errno();
        String call = e.call();
        if (call.startsWith("if_nametoindex")) {
            return new CaptureException(CaptureException.Kind.NO_SUCH_INTERFACE, device
                    + ": no such capture interface (interfaces: " + String.join(", ", interfaceNames()) + ")", e);
        }
        if (errno == PacketSocket.EPERM || errno == PacketSocket.EACCES) {
            throw new Refused(CaptureException.Kind.PERMISSION, "no permission for an AF_PACKET socket ("
                    + e.getMessage() + "); it needs CAP_NET_RAW");
        }
        if (errno == PacketSocket.EAFNOSUPPORT) {
            throw new Refused(CaptureException.Kind.OTHER, "this kernel has no AF_PACKET sockets (" + e.getMessage() + ")");
        }
        if ((errno == PacketSocket.EINVAL || errno == PacketSocket.ENOPROTOOPT)
                && (call.contains("PACKET_VNET_HDR") || call.contains("PACKET_VERSION"))) {
            throw new Refused(CaptureException.Kind.OTHER, "this kernel refuses " + e.getMessage());
        }
        if (errno == PacketSocket.ENOMEM) {
            return new CaptureException(CaptureException.Kind.OTHER, device + ": the kernel cannot give a capture ring"
                    + " of this size (" + e.getMessage() + "); lower -B", e);
        }
        return new CaptureException(CaptureException.Kind.OTHER, device + ": AF_PACKET " + e.getMessage(), e);
    }

    /** The interfaces of this network namespace, for a message. */
    static List<String> interfaceNames() {
        List<String> names = new ArrayList<>();
        try {
            for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                names.add(n.getName());
            }
        } catch (SocketException e) {
            // the message then lists none
        }
        Collections.sort(names);
        return names;
    }

    /**
     * Compiles the filter with libpcap for this link type and snaplen and attaches it (replacing the one
     * before); null or blank removes it. The socket takes frames from the first filter on (or from the
     * first read, when no filter is set), so none gets past a filter set before reading; frames already in
     * the ring when a filter is replaced are delivered.
     */
    @Override
    public void setFilter(String filter) throws CaptureException {
        try {
            if (filter == null || filter.isBlank()) {
                socket.detachFilter();
                start();
                return;
            }
            List<BpfCompiler.Instruction> program;
            try {
                program = BpfCompiler.compile(filter, linkType, snaplen);
            } catch (BpfCompiler.CompileException e) {
                throw new CaptureException(CaptureException.Kind.FILTER, "capture filter: " + e.getMessage(), e);
            } catch (LinkageError e) {
                throw new CaptureException(CaptureException.Kind.LIBPCAP_MISSING, CaptureException.LIBPCAP_TEXT, e);
            }
            if (program.size() > BpfCompiler.KERNEL_MAX_INSTRUCTIONS) {
                throw new CaptureException(CaptureException.Kind.FILTER, String.format(Locale.ROOT,
                        "capture filter: %,d BPF instructions, more than the %d the kernel takes (through libpcap, "
                        + "--source libpcap, it filters in user space)", program.size(),
                        BpfCompiler.KERNEL_MAX_INSTRUCTIONS));
            }
            if (cooked) {
                program = CookedFilter.forCookedSocket(program);
                if (program == null) {
                    throw new CaptureException(CaptureException.Kind.FILTER, "capture filter: it reads parts of the"
                            + " cooked header a packet socket on 'any' cannot give the kernel's filter (only the"
                            + " protocol, interface index and packet type); --source libpcap filters it in user space");
                }
            }
            int n = program.size();
            int[] code = new int[n];
            int[] jt = new int[n];
            int[] jf = new int[n];
            int[] k = new int[n];
            for (int i = 0; i < n; i++) {
                BpfCompiler.Instruction insn = program.get(i);
                code[i] = insn.code();
                jt[i] = insn.jt();
                jf[i] = insn.jf();
                k[i] = insn.k();
            }
            socket.attachFilter(code, jt, jf, k);
            start();
        } catch (PacketSocket.SocketException e) {
            throw new CaptureException(CaptureException.Kind.FILTER, "capture filter: the kernel refused it ("
                    + e.getMessage() + ")", e);
        }
    }

    @Override
    public Status next(FrameRecord into) throws CaptureException {
        if (broken) {
            return Status.END;
        }
        start();
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            if (nextFrame()) {
                copyFrame(into);
                return Status.FRAME;
            }
            Status waited = await(deadline);
            if (waited != null) {
                return waited;
            }
        }
    }

    @Override
    public Status next(FrameRecord into, int maxFrames, FrameBytesSink sink) throws CaptureException, IOException {
        if (maxFrames < 1) {
            throw new IllegalArgumentException("maxFrames " + maxFrames);
        }
        if (broken) {
            return Status.END;
        }
        start();
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        int delivered = 0;
        while (true) {
            if (nextFrame()) {
                ByteBuffer bytes = describeFrame(into);
                delivered++;
                sink.accept(into, bytes);
                if (delivered == maxFrames) {
                    return Status.FRAME;
                }
                if (broken) {
                    return Status.END;
                }
                continue;
            }
            if (delivered > 0) {
                return Status.FRAME;
            }
            Status waited = await(deadline);
            if (waited != null) {
                return waited;
            }
        }
    }

    private void start() throws CaptureException {
        try {
            socket.start();
        } catch (PacketSocket.SocketException e) {
            throw failure(e);
        }
    }

    /** Moves to the next frame worth delivering, or false when the ring holds none now. */
    private boolean nextFrame() throws CaptureException {
        try {
            while (walk.next()) {
                // as libpcap: loopback's outgoing copy is skipped, it is seen again coming in
                if (walk.packetType() == PacketSocket.PACKET_OUTGOING
                        && (loopback || cooked && walk.hardwareType() == PacketSocket.ARPHRD_LOOPBACK)) {
                    continue;
                }
                return true;
            }
            return false;
        } catch (RingWalk.CorruptRingException e) {
            throw new CaptureException(CaptureException.Kind.OTHER, device + ": " + e.getMessage(), e);
        }
    }

    /** Waits for the kernel until the deadline: null to look at the ring again, or the status to return. */
    private Status await(long deadline) throws CaptureException {
        if (broken) {
            return Status.END;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return Status.TIMEOUT;
        }
        PacketSocket.Wait w;
        try {
            w = socket.await((int) Math.max(1, (left + 999_999) / 1_000_000));
        } catch (PacketSocket.SocketException e) {
            throw failure(e);
        }
        return w == PacketSocket.Wait.WOKEN && broken ? Status.END : null;
    }

    private CaptureException failure(PacketSocket.SocketException e) {
        if (e.errno() == PacketSocket.ENETDOWN || e.errno() == PacketSocket.ENODEV || e.errno() == PacketSocket.ENXIO) {
            return new CaptureException(CaptureException.Kind.INTERFACE_GONE, device + ": the interface went away or is"
                    + " down (" + e.getMessage() + ")", e);
        }
        return new CaptureException(CaptureException.Kind.OTHER, device + ": " + e.getMessage(), e);
    }

    /** Whether the current frame lost a VLAN tag to the kernel (hardware VLAN acceleration) that must go back. */
    private boolean vlanTagTakenOff() {
        return ethernet && ((walk.frameStatus() & RingWalk.TP_STATUS_VLAN_VALID) != 0 || walk.vlanTci() != 0)
                && walk.capturedLength() >= 12;
    }

    /** Copies the current frame into the record, with its time, lengths, flags and offload facts. */
    private void copyFrame(FrameRecord into) {
        if (cooked) {
            int length = SLL2_HEADER_BYTES + walk.capturedLength();
            int kept = Math.min(length, snaplen);
            byte[] data = into.prepare(++number, walk.timestampNanos(), 0, linkType, kept,
                    SLL2_HEADER_BYTES + walk.originalLength(), -1);
            cookedHeader(cookedScratch, 0).get(0, data, 0, Math.min(SLL2_HEADER_BYTES, kept));
            if (kept > SLL2_HEADER_BYTES) {
                ring.get(walk.macOffset(), data, SLL2_HEADER_BYTES, kept - SLL2_HEADER_BYTES);
            }
            into.withPacketFlags(packetFlags(walk.packetType(), walk.frameStatus()));
            return;
        }
        int mac = walk.macOffset();
        int length = walk.capturedLength();
        long timestamp = walk.timestampNanos();
        if (vlanTagTakenOff()) {
            int kept = Math.min(length + 4, snaplen);
            byte[] data = into.prepare(++number, timestamp, 0, linkType, kept, walk.originalLength() + 4, -1);
            ByteBuffer tag = vlanTag();
            ring.get(mac, data, 0, Math.min(12, kept));
            tag.get(0, data, 12, Math.max(0, Math.min(4, kept - 12)));
            if (kept > 16) {
                ring.get(mac + 12, data, 16, kept - 16);
            }
            describe(into, mac, true);
        } else {
            int kept = Math.min(length, snaplen);
            byte[] data = into.prepare(++number, timestamp, 0, linkType, kept, walk.originalLength(), -1);
            ring.get(mac, data, 0, kept);
            describe(into, mac, false);
        }
    }

    /** Fills the record but for the bytes, and returns them: a view of the ring, or the frame with its VLAN tag back. */
    private ByteBuffer describeFrame(FrameRecord into) {
        if (cooked) {
            return describeCookedFrame(into);
        }
        int mac = walk.macOffset();
        int length = walk.capturedLength();
        long timestamp = walk.timestampNanos();
        if (vlanTagTakenOff()) {
            int kept = Math.min(length + 4, snaplen);
            into.prepareWithoutBytes(++number, timestamp, 0, linkType, kept, walk.originalLength() + 4);
            describe(into, mac, true);
            if (tagged == null || tagged.capacity() < kept) {
                tagged = ByteBuffer.allocateDirect(Math.max(kept, 1 << 16));
            }
            tagged.clear();
            view.clear();
            view.position(mac).limit(mac + Math.min(12, kept));
            tagged.put(view);
            ByteBuffer tag = vlanTag();
            tag.limit(Math.max(0, Math.min(4, kept - 12)));
            tagged.put(tag);
            if (kept > 16) {
                view.limit(mac + kept - 4).position(mac + 12);
                tagged.put(view);
            }
            return tagged.flip();
        }
        int kept = Math.min(length, snaplen);
        into.prepareWithoutBytes(++number, timestamp, 0, linkType, kept, walk.originalLength());
        describe(into, mac, false);
        view.clear();
        view.position(mac).limit(mac + kept);
        return view;
    }

    /**
     * The current frame of the "any" socket, as LINKTYPE_LINUX_SLL2: its header is written into the ring
     * right before the network header, where the kernel leaves room (a cooked frame's data lies 96 bytes
     * into its slot, after the 68 of its header and address), so the sink still gets a view of the ring.
     */
    private ByteBuffer describeCookedFrame(FrameRecord into) {
        int net = walk.macOffset();
        int length = SLL2_HEADER_BYTES + walk.capturedLength();
        int kept = Math.min(length, snaplen);
        into.prepareWithoutBytes(++number, walk.timestampNanos(), 0, linkType, kept, SLL2_HEADER_BYTES + walk.originalLength());
        into.withPacketFlags(packetFlags(walk.packetType(), walk.frameStatus()));
        int at = net - SLL2_HEADER_BYTES;
        if (at >= walk.frameOffset() + RingWalk.FRAME_MIN_MAC_OFFSET) {
            cookedHeader(ring, at);
            view.clear();
            view.position(at).limit(at + kept);
            return view;
        }
        // no room before the frame (a kernel that reserves less): put it together outside the ring
        if (tagged == null || tagged.capacity() < kept) {
            tagged = ByteBuffer.allocateDirect(Math.max(kept, 1 << 16));
        }
        tagged.clear();
        cookedHeader(tagged, 0);
        tagged.position(Math.min(SLL2_HEADER_BYTES, kept));
        if (kept > SLL2_HEADER_BYTES) {
            view.clear();
            view.position(net).limit(net + kept - SLL2_HEADER_BYTES);
            tagged.put(view);
        }
        tagged.limit(kept).position(0);
        return tagged;
    }

    /**
     * Writes the current frame's SLL2 header at {@code at} in {@code out}, from the ring's {@code struct
     * sockaddr_ll}, all of which is read before a byte is written. Every field is in network order.
     */
    private ByteBuffer cookedHeader(ByteBuffer out, int at) {
        int protocol = walk.linkProtocol();
        int ifindex = walk.interfaceIndex();
        int hatype = walk.hardwareType();
        int pkttype = walk.packetType();
        int halen = Math.min(8, walk.linkAddressLength());
        long address = ring.order() == ByteOrder.BIG_ENDIAN ? ring.getLong(walk.linkAddressOffset())
                : Long.reverseBytes(ring.getLong(walk.linkAddressOffset()));
        out.put(at, (byte) (protocol >>> 8)).put(at + 1, (byte) protocol);
        out.put(at + 2, (byte) 0).put(at + 3, (byte) 0);
        for (int i = 0; i < 4; i++) {
            out.put(at + 4 + i, (byte) (ifindex >>> (24 - 8 * i)));
        }
        out.put(at + 8, (byte) (hatype >>> 8)).put(at + 9, (byte) hatype);
        out.put(at + 10, (byte) pkttype).put(at + 11, (byte) halen);
        for (int i = 0; i < 8; i++) {
            // the address as the kernel wrote it, byte for byte; bytes past halen are zero
            out.put(at + 12 + i, i < halen ? (byte) (address >>> (56 - 8 * i)) : 0);
        }
        return out;
    }

    /** The 802.1Q tag the kernel kept beside the frame: TPID and TCI in network order. */
    private ByteBuffer vlanTag() {
        int status = walk.frameStatus();
        int tpid = (status & RingWalk.TP_STATUS_VLAN_TPID_VALID) != 0 && walk.vlanTpid() != 0 ? walk.vlanTpid() : VLAN_TPID;
        ByteBuffer tag = ByteBuffer.allocate(4).order(ByteOrder.BIG_ENDIAN);
        tag.putShort(0, (short) tpid).putShort(2, (short) walk.vlanTci());
        return tag;
    }

    /** The kernel's facts about the current frame: flags word and virtio_net_hdr. */
    private void describe(FrameRecord into, int mac, boolean tagPutBack) {
        into.withPacketFlags(packetFlags(walk.packetType(), walk.frameStatus()));
        if (mac - PacketSocket.VNET_HDR_BYTES < walk.frameOffset() + RingWalk.FRAME_MIN_MAC_OFFSET) {
            return; // the kernel left no room for the header
        }
        VnetHeader h = vnetHeader(mac - PacketSocket.VNET_HDR_BYTES);
        if (tagPutBack && (h.flags() & VnetHeader.F_NEEDS_CSUM) != 0 && h.csumStart() + 4 <= 0xFFFF) {
            // the checksum starts 4 bytes later in the frame with its tag
            h = new VnetHeader(h.flags(), h.gsoType(), h.hdrLen(), h.gsoSize(), h.csumStart() + 4, h.csumOffset());
        }
        into.withVnetHeader(h);
    }

    /** The virtio_net_hdr at {@code at}; the previous frame's when equal, as for every segment of one flow. */
    private VnetHeader vnetHeader(int at) {
        VnetHeader last = lastVnet;
        int flags = ring.get(at) & 0xFF;
        int gsoType = ring.get(at + 1) & 0xFF;
        int hdrLen = ring.getShort(at + 2) & 0xFFFF;
        int gsoSize = ring.getShort(at + 4) & 0xFFFF;
        int csumStart = ring.getShort(at + 6) & 0xFFFF;
        int csumOffset = ring.getShort(at + 8) & 0xFFFF;
        if (flags == last.flags() && gsoType == last.gsoType() && hdrLen == last.hdrLen() && gsoSize == last.gsoSize()
                && csumStart == last.csumStart() && csumOffset == last.csumOffset()) {
            return last;
        }
        lastVnet = VnetHeader.of(flags, gsoType, hdrLen, gsoSize, csumStart, csumOffset);
        return lastVnet;
    }

    /**
     * The pcapng flags word of a frame: direction and reception type from {@code sll_pkttype}, bits 9-11
     * from {@code tp_status} (TP_STATUS_CSUMNOTREADY, TP_STATUS_CSUM_VALID, TP_STATUS_GSO_TCP).
     */
    static long packetFlags(int packetType, int frameStatus) {
        int flags = switch (packetType) {
            case PacketSocket.PACKET_HOST -> inbound(PacketFlags.RECEPTION_UNICAST);
            case PacketSocket.PACKET_BROADCAST -> inbound(PacketFlags.RECEPTION_BROADCAST);
            case PacketSocket.PACKET_MULTICAST -> inbound(PacketFlags.RECEPTION_MULTICAST);
            case PacketSocket.PACKET_OTHERHOST -> inbound(PacketFlags.RECEPTION_PROMISCUOUS);
            case PacketSocket.PACKET_OUTGOING -> PacketFlags.DIRECTION_OUTBOUND;
            default -> PacketFlags.DIRECTION_UNKNOWN;
        };
        if ((frameStatus & RingWalk.TP_STATUS_CSUMNOTREADY) != 0) {
            flags |= PacketFlags.CHECKSUM_NOT_READY;
        }
        if ((frameStatus & RingWalk.TP_STATUS_CSUM_VALID) != 0) {
            flags |= PacketFlags.CHECKSUM_VALID;
        }
        if ((frameStatus & RingWalk.TP_STATUS_GSO_TCP) != 0) {
            flags |= PacketFlags.TCP_SEGMENTATION_OFFLOADED;
        }
        return flags;
    }

    private static int inbound(int receptionType) {
        return PacketFlags.DIRECTION_INBOUND | receptionType << PacketFlags.RECEPTION_SHIFT;
    }

    @Override
    public int linkType() {
        return linkType;
    }

    @Override
    public int snaplen() {
        return snaplen;
    }

    @Override
    public String name() {
        return device;
    }

    /**
     * The kernel's counters since the source opened: frames it gave the socket (those it dropped
     * included, as libpcap counts them), those dropped for want of ring space, and, in promiscuous mode,
     * those the interface dropped (as libpcap reads them; 0 otherwise).
     */
    @Override
    public synchronized Stats stats() throws CaptureException {
        try {
            long[] taken = socket.takeStatistics();
            received += taken[0];
            dropped += taken[1];
        } catch (PacketSocket.SocketException e) {
            throw failure(e);
        }
        long byInterface = interfaceDropsAtOpen < 0 ? 0 : Math.max(0, interfaceDrops(device) - interfaceDropsAtOpen);
        return new Stats(received, dropped, byInterface);
    }

    @Override
    public void breakLoop() {
        broken = true;
        socket.wake();
    }

    @Override
    public void close() {
        socket.close();
    }
}
