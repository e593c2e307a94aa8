package org.jumbocap.capture.host;

import java.util.List;
import java.util.Map;

/**
 * What decides BIG TCP on one interface: MTU, the size attributes ({@code gso_max_size},
 * {@code gro_max_size}, {@code tso_max_size}, {@code gso_ipv4_max_size}, {@code gro_ipv4_max_size},
 * {@code gso_max_segs}), the driver and its offload features, and which of them could not be read.
 *
 * @param linkType    "ether", "loopback", ... or null
 * @param attributes  by {@code ip -d link}'s names; a missing key was not readable
 * @param driver      the driver ({@code ethtool -i}, the sysfs device link, or the link kind such as
 *                    "veth"), or null
 * @param features    {@code ethtool -k}'s answer for {@link Ethtool#FEATURES}, or null
 * @param unavailable one sentence per fact that could not be read, saying why
 * @param source      where the attributes came from ("netlink", "ip", "sysfs")
 */
public record InterfaceFacts(String name, boolean up, Long mtu, String linkType, Map<String, Long> attributes,
                             String driver, Map<String, String> features, List<String> unavailable, String source) {
    /** The size attributes, in the order shown. */
    public static final List<String> SIZE_KEYS = List.of("gso_max_size", "gro_max_size", "tso_max_size",
            "gso_ipv4_max_size", "gro_ipv4_max_size", "gso_max_segs");

    public Long attribute(String key) {
        return attributes.get(key);
    }

    /** Link-layer header bytes a capture adds to a packet: 14 for Ethernet and loopback. */
    public int linkHeaderBytes() {
        return linkType == null || linkType.equals("ether") || linkType.equals("loopback") ? 14 : 20;
    }

    /** True when the feature is known to be off. */
    public boolean featureOff(String feature) {
        String v = features == null ? null : features.get(feature);
        return v != null && v.startsWith("off");
    }
}
