package org.jumbocap.stats;

import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.Locale;
import org.jumbocap.tree.FieldFormat;

/**
 * One end of a conversation at one {@link TrafficLayer}: a MAC address (in {@code lo}), or an IPv4
 * address (low 32 bits of {@code lo}) or IPv6 address ({@code hi}, {@code lo}), with a port for TCP and
 * UDP (else -1). Numbers, not strings, so a key costs no arrays; strings are made when shown.
 */
public record TrafficEndpoint(TrafficLayer layer, int ipVersion, long hi, long lo, int port)
        implements Comparable<TrafficEndpoint> {

    private static final Comparator<TrafficEndpoint> ORDER = Comparator
            .comparingInt((TrafficEndpoint e) -> e.ipVersion)
            .thenComparing((a, b) -> Long.compareUnsigned(a.hi, b.hi))
            .thenComparing((a, b) -> Long.compareUnsigned(a.lo, b.lo))
            .thenComparingInt(TrafficEndpoint::port);

    @Override
    public int compareTo(TrafficEndpoint o) {
        return ORDER.compare(this, o);
    }

    /** "2001:db8:1::1", "198.51.100.1", "5e:bb:6b:83:db:46". */
    public String address() {
        if (layer == TrafficLayer.ETHERNET) {
            StringBuilder b = new StringBuilder(17);
            for (int shift = 40; shift >= 0; shift -= 8) {
                if (b.length() > 0) {
                    b.append(':');
                }
                b.append(String.format(Locale.ROOT, "%02x", (lo >>> shift) & 0xFF));
            }
            return b.toString();
        }
        byte[] bytes = ipVersion == 4
                ? ByteBuffer.allocate(4).putInt((int) lo).array()
                : ByteBuffer.allocate(16).putLong(hi).putLong(lo).array();
        return FieldFormat.address(bytes);
    }

    /** The display filter that selects frames to or from this endpoint: {@code ipv6.addr == X && tcp.port == 5201}. */
    public String filter() {
        String f = layer.addressField(ipVersion) + " == " + address();
        return port >= 0 ? f + " && " + layer.portField() + " == " + port : f;
    }
}
