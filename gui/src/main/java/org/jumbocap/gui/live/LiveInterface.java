package org.jumbocap.gui.live;

/**
 * A capture interface with its BIG TCP settings as {@code ip -d link} shows them (0 when unknown).
 *
 * @param gsoMaxSize     largest IPv6 super-packet the stack builds for sending
 * @param groMaxSize     largest IPv6 super-packet GRO builds on receive
 * @param gsoIpv4MaxSize the IPv4 equivalent of gsoMaxSize
 * @param groIpv4MaxSize the IPv4 equivalent of groMaxSize
 */
public record LiveInterface(String name, String description, long gsoMaxSize, long groMaxSize,
                            long gsoIpv4MaxSize, long groIpv4MaxSize) {
    /** Largest packet without BIG TCP: the 16-bit IP length field's limit. */
    public static final long CLASSIC_LIMIT = 65536;

    public boolean bigTcpIpv6() {
        return gsoMaxSize > CLASSIC_LIMIT || groMaxSize > CLASSIC_LIMIT;
    }

    public boolean bigTcpIpv4() {
        return gsoIpv4MaxSize > CLASSIC_LIMIT || groIpv4MaxSize > CLASSIC_LIMIT;
    }

    /** One line for the interface picker. */
    public String settingsText() {
        return "gso_max_size " + size(gsoMaxSize) + ", gro_max_size " + size(groMaxSize) + ", gso_ipv4_max_size "
                + size(gsoIpv4MaxSize) + ", gro_ipv4_max_size " + size(groIpv4MaxSize)
                + (bigTcpIpv6() || bigTcpIpv4() ? "  (BIG TCP on)" : "  (BIG TCP off)");
    }

    private static String size(long bytes) {
        return bytes > 0 ? Long.toString(bytes) : "not reported";
    }

    @Override
    public String toString() {
        return description == null || description.isBlank() ? name : name + " (" + description + ")";
    }
}
