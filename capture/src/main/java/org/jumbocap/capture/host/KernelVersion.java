package org.jumbocap.capture.host;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The running kernel's release and what it means for BIG TCP: IPv6 from Linux 5.19, IPv4 from 6.3; up to
 * 6.x the kernel inserts a Hop-by-Hop header with an RFC 2675 Jumbo Payload option into IPv6
 * super-packets (captures see it), from 7.0 it no longer does and captures show IPv6 payload length 0
 * alone.
 *
 * @param release as {@code uname -r} gives it
 * @param major   -1 when the release could not be read
 */
public record KernelVersion(String release, int major, int minor) {
    private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)");

    public static KernelVersion parse(String release) {
        if (release == null) {
            return new KernelVersion("unknown", -1, -1);
        }
        Matcher m = VERSION.matcher(release.trim());
        if (!m.find()) {
            return new KernelVersion(release.trim(), -1, -1);
        }
        try {
            return new KernelVersion(release.trim(), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        } catch (NumberFormatException e) {
            return new KernelVersion(release.trim(), -1, -1);
        }
    }

    /** The running kernel, from /proc/sys/kernel/osrelease or the JVM's os.version. */
    public static KernelVersion running() {
        try {
            return parse(java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/osrelease")));
        } catch (java.io.IOException | RuntimeException e) {
            return parse(System.getProperty("os.version"));
        }
    }

    public boolean known() {
        return major >= 0;
    }

    public boolean atLeast(int wantMajor, int wantMinor) {
        return major > wantMajor || major == wantMajor && minor >= wantMinor;
    }

    public boolean ipv6BigTcp() {
        return atLeast(5, 19);
    }

    public boolean ipv4BigTcp() {
        return atLeast(6, 3);
    }

    /** True up to 6.x: IPv6 super-packets carry the Hop-by-Hop Jumbo Payload header. */
    public boolean insertsHopByHop() {
        return !atLeast(7, 0);
    }

    /** What this kernel implies, one sentence each. */
    public List<String> implications() {
        List<String> out = new ArrayList<>();
        if (!known()) {
            out.add("kernel release unreadable: what it supports is not known");
            return out;
        }
        out.add(ipv6BigTcp() ? "IPv6 BIG TCP supported (Linux 5.19 or later)"
                : "no IPv6 BIG TCP: it needs Linux 5.19 or later");
        out.add(ipv4BigTcp() ? "IPv4 BIG TCP supported (Linux 6.3 or later)"
                : "no IPv4 BIG TCP: it needs Linux 6.3 or later");
        if (ipv6BigTcp()) {
            out.add(insertsHopByHop()
                    ? "IPv6 super-packets carry a Hop-by-Hop Jumbo Payload header (kernels before 7.0 insert it)"
                    : "IPv6 super-packets carry no Hop-by-Hop header (7.0 and later): captures show payload length 0 alone");
        }
        return out;
    }
}
