package org.jumbocap.capture.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's BIG TCP facts: the kernel release and every interface's attributes, driver and offload
 * features. The attributes come from the kernel over rtnetlink; where that fails, from
 * {@code ip -d -j link show} or /sys/class/net ({@link LinkSettings}), saying which could not be read.
 */
public final class HostFacts {
    private final KernelVersion kernel;
    private final List<InterfaceFacts> interfaces;
    private final String iproute2;

    public HostFacts(KernelVersion kernel, List<InterfaceFacts> interfaces, String iproute2) {
        this.kernel = kernel;
        this.interfaces = List.copyOf(interfaces);
        this.iproute2 = iproute2;
    }

    public KernelVersion kernel() {
        return kernel;
    }

    /** Every interface of the namespace, in the kernel's order. */
    public List<InterfaceFacts> interfaces() {
        return interfaces;
    }

    /** The iproute2 version {@code ip -V} gives ("6.1.0"), or null when {@code ip} is missing. */
    public String iproute2() {
        return iproute2;
    }

    /** Reads the facts of this host's current network namespace. */
    public static HostFacts read(Ethtool ethtool) {
        return read(ethtool, RtnetlinkLinks::dump);
    }

    /** @param netlink the link dump, which may throw {@link IllegalStateException} saying why it failed */
    static HostFacts read(Ethtool ethtool, java.util.function.Supplier<List<RtnetlinkLinks.Link>> netlink) {
        List<InterfaceFacts> out = new ArrayList<>();
        String netlinkProblem = null;
        List<RtnetlinkLinks.Link> links = null;
        try {
            links = netlink.get();
        } catch (IllegalStateException | UnsatisfiedLinkError | NoClassDefFoundError e) {
            netlinkProblem = "rtnetlink: " + e.getMessage();
        }
        if (links != null && !links.isEmpty()) {
            for (RtnetlinkLinks.Link l : links) {
                out.add(complete(l.name(), l.up(), l.mtu(), linkType(l.arphrdType()), l.attributes(), l.kind(), "netlink",
                        new ArrayList<>(), ethtool));
            }
        } else {
            Map<String, LinkSettings.Link> fallback = LinkSettings.read();
            for (LinkSettings.Link l : fallback.values()) {
                List<String> missing = new ArrayList<>();
                if (netlinkProblem != null) {
                    missing.add(netlinkProblem);
                }
                out.add(complete(l.name(), operUp(l.name()), l.mtu(), l.linkType(), new LinkedHashMap<>(l.sizes()), null,
                        l.linkType() != null ? "ip" : "sysfs", missing, ethtool));
            }
        }
        return new HostFacts(KernelVersion.running(), out, iproute2Version());
    }

    private static InterfaceFacts complete(String name, boolean up, Long mtu, String linkType, Map<String, Long> attributes,
                                           String kind, String source, List<String> unavailable, Ethtool ethtool) {
        for (String key : InterfaceFacts.SIZE_KEYS) {
            if (!attributes.containsKey(key)) {
                unavailable.add(key + ": not reported by " + source + (key.contains("ipv4")
                        ? " (the kernel has it from 6.3; iproute2 prints it from 6.3)" : ""));
            }
        }
        String driver = null;
        Map<String, String> features = null;
        if (ethtool != null) {
            Ethtool.Answer a = ethtool.read(name);
            driver = a.driver();
            features = a.features();
            if (a.problem() != null) {
                unavailable.add((features == null ? "offload features: " : "driver: ") + a.problem());
            }
        } else {
            unavailable.add("offload features: not asked");
        }
        if (driver == null) {
            driver = sysfsDriver(name);
        }
        if (driver == null) {
            driver = kind != null ? kind : "loopback".equals(linkType) ? "loopback" : null;
        }
        if (driver != null) {
            unavailable.removeIf(u -> u.startsWith("driver: "));
        } else {
            unavailable.add("driver: not found (no ethtool answer, no /sys/class/net/" + name + "/device/driver)");
        }
        return new InterfaceFacts(name, up, mtu, linkType, attributes, driver, features, List.copyOf(unavailable), source);
    }

    /** ARPHRD_ value as iproute2 names it, for the few that matter here. */
    static String linkType(int arphrd) {
        return switch (arphrd) {
            case 1 -> "ether";
            case 772 -> "loopback";
            case 65534 -> "none";
            case 776 -> "sit";
            case 778 -> "gre";
            case 823 -> "ip6gre";
            default -> "arphrd " + arphrd;
        };
    }

    private static String sysfsDriver(String name) {
        try {
            Path link = Path.of("/sys/class/net", name, "device", "driver");
            return Files.isSymbolicLink(link) ? Files.readSymbolicLink(link).getFileName().toString() : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean operUp(String name) {
        try {
            String flags = Files.readString(Path.of("/sys/class/net", name, "flags")).trim();
            return (Long.decode(flags) & 1) != 0;
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    private static String iproute2Version() {
        try {
            Process p = new ProcessBuilder("ip", "-V").redirectErrorStream(true).start();
            String text;
            try (var in = p.getInputStream()) {
                text = new String(in.readNBytes(4096), java.nio.charset.StandardCharsets.UTF_8);
            }
            if (!p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("iproute2-(?:ss)?v?(\\d+\\.\\d+(?:\\.\\d+)?)").matcher(text);
            return m.find() ? m.group(1) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
