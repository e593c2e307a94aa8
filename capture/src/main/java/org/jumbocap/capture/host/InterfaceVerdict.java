package org.jumbocap.capture.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether an interface will carry BIG TCP for one IP version, from its facts and the kernel: on (with the
 * sizes), partly (one direction only), off (and why), or unknown (what could not be read), with the
 * command that changes it and what would still stop a capture tool from seeing the super-packets whole.
 *
 * @param family  "ipv6" or "ipv4"
 * @param line    one sentence: the verdict and its reason
 * @param fixes   commands or steps, one each, for an off or partial verdict
 * @param caveats capture-tool limits that these sizes run into
 * @param notes   what else to know about the fixes (the iproute2 version needed)
 */
public record InterfaceVerdict(String family, State state, String line, List<String> fixes, List<String> caveats,
                               List<String> notes) {
    /** The legacy GSO/GRO limit. */
    static final long LEGACY = 65536;
    /** The size suggested when BIG TCP is off: what the kernel documentation and Cilium use. */
    static final long SUGGESTED = 185_000;
    /** libpcap's largest snapshot length on Linux. */
    static final long LIBPCAP_MAX_SNAPLEN = 262_144;

    /** The verdict. */
    public enum State {
        ON, PARTLY, OFF, UNKNOWN;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** True when nothing needs doing. */
    public boolean healthy() {
        return state == State.ON && caveats.isEmpty();
    }

    public static InterfaceVerdict ipv6(InterfaceFacts f, KernelVersion k, String iproute2) {
        return judge(f, k, "ipv6", "gso_max_size", "gro_max_size", k.known() && !k.ipv6BigTcp()
                ? "kernel " + k.release() + " has no IPv6 BIG TCP (it came with Linux 5.19)" : null, null);
    }

    public static InterfaceVerdict ipv4(InterfaceFacts f, KernelVersion k, String iproute2) {
        String note = null;
        if (iproute2 != null && !versionAtLeast(iproute2, 6, 3)) {
            note = "this host's iproute2 " + iproute2 + " has no keyword for them: iproute2 6.3 or later is needed "
                    + "(or a netlink tool such as samples/tools/set-ipv4-bigtcp.py in jumbocap's repository)";
        }
        return judge(f, k, "ipv4", "gso_ipv4_max_size", "gro_ipv4_max_size", k.known() && !k.ipv4BigTcp()
                ? "kernel " + k.release() + " has no IPv4 BIG TCP (it came with Linux 6.3)" : null, note);
    }

    private static InterfaceVerdict judge(InterfaceFacts f, KernelVersion k, String family, String gsoKey, String groKey,
                                          String kernelProblem, String commandNote) {
        List<String> fixes = new ArrayList<>();
        List<String> caveats = new ArrayList<>();
        String dev = f.name();
        if (kernelProblem != null) {
            fixes.add("a kernel of Linux " + (family.equals("ipv6") ? "5.19" : "6.3") + " or later");
            return new InterfaceVerdict(family, State.OFF, "off: " + kernelProblem, fixes, caveats, List.of());
        }
        Long gso = f.attribute(gsoKey);
        Long gro = f.attribute(groKey);
        Long tso = f.attribute("tso_max_size");
        if (gso == null || gro == null) {
            String missing = gso == null && gro == null ? gsoKey + " and " + groKey : gso == null ? gsoKey : groKey;
            return new InterfaceVerdict(family, State.UNKNOWN, "cannot be known: " + missing + " could not be read"
                    + " (" + f.source() + " did not report it); traffic would show it: jumbocap check -i " + dev
                    + " --duration 5 during a transfer", fixes, caveats, List.of());
        }
        long suggested = tso != null && tso > LEGACY ? Math.min(SUGGESTED, tso) : SUGGESTED;
        String command = "ip link set dev " + dev + " " + gsoKey + " " + suggested + " " + groKey + " " + suggested;
        boolean sends = gso > LEGACY;
        boolean merges = gro > LEGACY;
        State state;
        String line;
        if (sends && merges) {
            state = State.ON;
            line = String.format(Locale.ROOT, "on: super-packets up to %,d bytes sent (%s), up to %,d merged on receive (%s)",
                    gso, gsoKey, gro, groKey);
        } else if (sends) {
            state = State.PARTLY;
            line = String.format(Locale.ROOT, "partly: sends super-packets up to %,d bytes (%s) but merges received ones "
                    + "only up to %,d (%s)", gso, gsoKey, gro, groKey);
            fixes.add("ip link set dev " + dev + " " + groKey + " " + gso);
        } else if (merges) {
            state = State.PARTLY;
            line = String.format(Locale.ROOT, "partly: merges received super-packets up to %,d bytes (%s) but sends "
                    + "only up to %,d (%s)", gro, groKey, gso, gsoKey);
            if (tso != null && tso <= LEGACY) {
                fixes.add("none for sending: the driver" + (f.driver() == null ? "" : " (" + f.driver() + ")")
                        + " caps tso_max_size at " + tso + ", so " + gsoKey + " cannot be raised");
            } else {
                fixes.add("ip link set dev " + dev + " " + gsoKey + " " + suggested);
            }
        } else {
            state = State.OFF;
            if (tso != null && tso <= LEGACY) {
                line = String.format(Locale.ROOT, "off: %s and %s are %,d and %,d, and the driver%s caps tso_max_size "
                        + "at %,d, so %s cannot be raised", gsoKey, groKey, gso, gro,
                        f.driver() == null ? "" : " (" + f.driver() + ")", tso, gsoKey);
                fixes.add("ip link set dev " + dev + " " + groKey + " " + SUGGESTED + "   (receive side only)");
            } else {
                line = String.format(Locale.ROOT, "off: %s and %s are %,d and %,d, the legacy 64 KB limit", gsoKey, groKey,
                        gso, gro);
                fixes.add(command);
            }
        }
        List<String> notes = new ArrayList<>();
        if (state != State.ON && commandNote != null && !fixes.isEmpty() && fixes.get(0).startsWith("ip link")) {
            notes.add(commandNote);
        }
        if (state != State.OFF) {
            if (f.featureOff("generic-segmentation-offload") || f.featureOff("tcp-segmentation-offload")) {
                state = state == State.ON ? State.PARTLY : state;
                fixes.add("ethtool -K " + dev + " gso on tso on   (segmentation offload is off: no super-packets are built)");
            }
            if (f.featureOff("generic-receive-offload") && !f.featureOff("rx-gro-hw")) {
                fixes.add("ethtool -K " + dev + " gro on   (GRO is off: received segments are not merged)");
            }
            long largest = Math.max(sends ? gso : 0, merges ? gro : 0);
            if (largest + f.linkHeaderBytes() > LIBPCAP_MAX_SNAPLEN) {
                caveats.add(String.format(Locale.ROOT, "super-packets up to %,d bytes are longer than the %,d bytes "
                        + "libpcap keeps of a frame: tcpdump and Wireshark will cut them (jumbocap capture keeps "
                        + "them whole through AF_PACKET); sizes up to %,d are captured whole by any tool", largest + f.linkHeaderBytes(), LIBPCAP_MAX_SNAPLEN,
                        LIBPCAP_MAX_SNAPLEN - f.linkHeaderBytes()));
            }
        }
        return new InterfaceVerdict(family, state, line, List.copyOf(fixes), List.copyOf(caveats), List.copyOf(notes));
    }

    /** True when a dotted version is at least major.minor. */
    static boolean versionAtLeast(String version, int major, int minor) {
        String[] parts = version.split("\\.");
        try {
            int a = Integer.parseInt(parts[0]);
            int b = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return a > major || a == major && b >= minor;
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
