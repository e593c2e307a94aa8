package org.jumbocap.capture.host;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The link attributes of every interface of the current network namespace, asked of the kernel itself
 * with an rtnetlink {@code RTM_GETLINK} dump: every size that bounds a BIG TCP super-packet, whatever the
 * iproute2 version (iproute2 before 6.3 does not print {@code gso_ipv4_max_size}/{@code gro_ipv4_max_size}).
 * The socket calls go through JNA (which pcap4j brings); the reply is parsed here, bounded by its own
 * length fields, so a short or odd reply ends the parse rather than the program.
 */
public final class RtnetlinkLinks {
    static final int IFLA_IFNAME = 3;
    static final int IFLA_MTU = 4;
    static final int IFLA_LINKINFO = 18;
    static final int IFLA_INFO_KIND = 1;
    static final int IFLA_GSO_MAX_SEGS = 40;
    static final int IFLA_GSO_MAX_SIZE = 41;
    static final int IFLA_GRO_MAX_SIZE = 58;
    static final int IFLA_TSO_MAX_SIZE = 59;
    static final int IFLA_TSO_MAX_SEGS = 60;
    static final int IFLA_GSO_IPV4_MAX_SIZE = 63;
    static final int IFLA_GRO_IPV4_MAX_SIZE = 64;
    /** The attributes kept, by the names {@code ip -d link} gives them. */
    static final Map<Integer, String> SIZE_ATTRIBUTES = Map.of(
            IFLA_GSO_MAX_SIZE, "gso_max_size", IFLA_GRO_MAX_SIZE, "gro_max_size", IFLA_TSO_MAX_SIZE, "tso_max_size",
            IFLA_GSO_IPV4_MAX_SIZE, "gso_ipv4_max_size", IFLA_GRO_IPV4_MAX_SIZE, "gro_ipv4_max_size",
            IFLA_GSO_MAX_SEGS, "gso_max_segs", IFLA_TSO_MAX_SEGS, "tso_max_segs");

    private static final int AF_NETLINK = 16;
    private static final int SOCK_RAW = 3;
    private static final int NETLINK_ROUTE = 0;
    private static final int RTM_NEWLINK = 16;
    private static final int RTM_GETLINK = 18;
    private static final int NLMSG_ERROR = 2;
    private static final int NLMSG_DONE = 3;
    private static final int NLM_F_REQUEST = 1;
    private static final int NLM_F_DUMP = 0x300;
    private static final int MSG_DONTWAIT = 0x40;
    private static final int NLMSG_HEADER = 16;
    private static final int IFINFOMSG = 16;
    private static final int IFF_UP = 1;
    private static final int REPLY_BUFFER = 64 * 1024;
    /** A namespace with more than this many bytes of link replies is not read further. */
    private static final int MAX_REPLY_BYTES = 16 << 20;
    private static final long TIMEOUT_NANOS = 2_000_000_000L;

    /** One interface as the kernel describes it. */
    public record Link(int index, String name, boolean up, int arphrdType, Long mtu, String kind,
                       Map<String, Long> attributes) {
    }

    /** The C library calls used, as JNA maps them. */
    interface LibC extends Library {
        int socket(int domain, int type, int protocol);

        long send(int fd, byte[] buf, long len, int flags);

        long recv(int fd, byte[] buf, long len, int flags);

        int close(int fd);
    }

    private RtnetlinkLinks() {
    }

    /**
     * Dumps the links of this namespace.
     *
     * @throws IllegalStateException with the reason when the kernel could not be asked (no JNA, no
     *                               netlink, a timeout)
     */
    public static List<Link> dump() {
        LibC c;
        try {
            c = Native.load("c", LibC.class);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            throw new IllegalStateException("the C library could not be loaded (" + e.getMessage() + ")");
        }
        int fd = c.socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
        if (fd < 0) {
            throw new IllegalStateException("no netlink socket (errno " + Native.getLastError() + ")");
        }
        try {
            byte[] request = request(1);
            if (c.send(fd, request, request.length, 0) != request.length) {
                throw new IllegalStateException("netlink request failed (errno " + Native.getLastError() + ")");
            }
            List<Link> links = new ArrayList<>();
            byte[] buf = new byte[REPLY_BUFFER];
            long deadline = System.nanoTime() + TIMEOUT_NANOS;
            long total = 0;
            while (true) {
                long n = c.recv(fd, buf, buf.length, MSG_DONTWAIT);
                if (n < 0) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("no netlink answer within 2 s");
                    }
                    Thread.sleep(1);
                    continue;
                }
                total += n;
                if (n == 0 || total > MAX_REPLY_BYTES || parse(buf, (int) n, links)) {
                    return links;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        } finally {
            c.close(fd);
        }
    }

    /** An {@code RTM_GETLINK} dump request: a netlink header and an empty {@code ifinfomsg}. */
    static byte[] request(int sequence) {
        ByteBuffer b = ByteBuffer.allocate(NLMSG_HEADER + IFINFOMSG).order(ByteOrder.nativeOrder());
        b.putInt(NLMSG_HEADER + IFINFOMSG).putShort((short) RTM_GETLINK).putShort((short) (NLM_F_REQUEST | NLM_F_DUMP))
                .putInt(sequence).putInt(0);
        return b.array();
    }

    /**
     * Parses one datagram of the reply into {@code out}.
     *
     * @return true when the dump is over (NLMSG_DONE or an error message)
     */
    static boolean parse(byte[] buf, int length, List<Link> out) {
        ByteBuffer b = ByteBuffer.wrap(buf, 0, length).order(ByteOrder.nativeOrder());
        int at = 0;
        while (at + NLMSG_HEADER <= length) {
            long messageLength = Integer.toUnsignedLong(b.getInt(at));
            int type = Short.toUnsignedInt(b.getShort(at + 4));
            if (messageLength < NLMSG_HEADER || at + messageLength > length) {
                return true;
            }
            if (type == NLMSG_DONE || type == NLMSG_ERROR) {
                return true;
            }
            if (type == RTM_NEWLINK && messageLength >= NLMSG_HEADER + IFINFOMSG) {
                out.add(link(b, at + NLMSG_HEADER, at + (int) messageLength));
            }
            at += align((int) messageLength);
        }
        return false;
    }

    private static Link link(ByteBuffer b, int at, int end) {
        int type = Short.toUnsignedInt(b.getShort(at + 2));
        int index = b.getInt(at + 4);
        int flags = b.getInt(at + 8);
        String name = null;
        Long mtu = null;
        String kind = null;
        Map<String, Long> attributes = new LinkedHashMap<>();
        int p = at + IFINFOMSG;
        while (p + 4 <= end) {
            int len = Short.toUnsignedInt(b.getShort(p));
            int attr = Short.toUnsignedInt(b.getShort(p + 2)) & 0x3FFF;
            if (len < 4 || p + len > end) {
                break;
            }
            int data = p + 4;
            int dataLength = len - 4;
            if (attr == IFLA_IFNAME) {
                name = string(b, data, dataLength);
            } else if (attr == IFLA_MTU && dataLength >= 4) {
                mtu = Integer.toUnsignedLong(b.getInt(data));
            } else if (attr == IFLA_LINKINFO) {
                kind = linkKind(b, data, data + dataLength);
            } else if (SIZE_ATTRIBUTES.containsKey(attr) && dataLength >= 4) {
                attributes.put(SIZE_ATTRIBUTES.get(attr), Integer.toUnsignedLong(b.getInt(data)));
            }
            p += align(len);
        }
        return new Link(index, name == null ? "if" + index : name, (flags & IFF_UP) != 0, type, mtu, kind, attributes);
    }

    /** {@code IFLA_INFO_KIND} inside {@code IFLA_LINKINFO}: "veth", "vxlan", ...; null for a physical device. */
    private static String linkKind(ByteBuffer b, int at, int end) {
        int p = at;
        while (p + 4 <= end) {
            int len = Short.toUnsignedInt(b.getShort(p));
            int attr = Short.toUnsignedInt(b.getShort(p + 2)) & 0x3FFF;
            if (len < 4 || p + len > end) {
                return null;
            }
            if (attr == IFLA_INFO_KIND) {
                return string(b, p + 4, len - 4);
            }
            p += align(len);
        }
        return null;
    }

    private static String string(ByteBuffer b, int at, int length) {
        int n = 0;
        while (n < length && b.get(at + n) != 0) {
            n++;
        }
        byte[] s = new byte[n];
        b.get(at, s);
        return new String(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static int align(int n) {
        return (n + 3) & ~3;
    }
}
