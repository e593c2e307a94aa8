package org.jumbocap.segment;

/** Where a flow's segment size came from, in the order they are tried. */
public enum SizeRule {
    /** The gso_size the kernel recorded for the super-packet (a pcapng with jumbocap's kernel-facts option). */
    GSO_SIZE("recorded gso_size"),
    /** The MSS in force from the flow's SYNs, less the options each data segment carries. */
    FLOW_MSS("flow MSS"),
    /** {@code --mss}, less the options each data segment carries. */
    MSS_OPTION("--mss"),
    /** {@code --mtu}: what is left of the MTU after the headers each segment carries. */
    MTU("--mtu"),
    /**
     * A suspected UDP GSO super-packet ({@code udp.gso.suspected}, a file without the kernel's facts): a guess,
     * what {@code --mtu} leaves after the IP and UDP headers, as a sender that fills each datagram to the MTU
     * sets its gso_size.
     */
    UDP_GSO_GUESS("guessed from --mtu (no recorded gso_size)");

    private final String label;

    SizeRule(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
