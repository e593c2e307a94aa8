package org.jumbocap.capture.host;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The kernel's per-interface settings that decide how big a BIG TCP super-packet can get, read from
 * {@code ip -d -j link show}, or from /sys/class/net when {@code ip} is missing (sysfs has the MTU but
 * not always the GSO/GRO sizes).
 */
public final class LinkSettings {
    /** The settings shown, in order: IPv6 (and default) sizes, then IPv4 BIG TCP. */
    public static final List<String> SIZE_KEYS = List.of("gso_max_size", "gro_max_size", "tso_max_size",
            "gso_ipv4_max_size", "gro_ipv4_max_size");

    /** One interface: its MTU, link type name and the sizes that are known. */
    public record Link(String name, Long mtu, String linkType, Map<String, Long> sizes) {
    }

    private LinkSettings() {
    }

    /** Every interface the kernel reports, by name; empty when neither ip nor sysfs answer. */
    public static Map<String, Link> read() {
        Map<String, Link> fromIp = fromIpCommand();
        return fromIp != null ? fromIp : fromSysfs(Path.of("/sys/class/net"));
    }

    static Map<String, Link> fromIpCommand() {
        try {
            Process p = new ProcessBuilder("ip", "-d", "-j", "link", "show").redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] bytes;
            try (InputStream in = p.getInputStream()) {
                bytes = readCapped(in, 16 << 20);
            }
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            if (p.exitValue() != 0) {
                return null;
            }
            return parseIpJson(new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static byte[] readCapped(InputStream in, int cap) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            if (out.size() + n > cap) {
                throw new IOException("ip output too large");
            }
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    /** Parses {@code ip -d -j link show} output. */
    public static Map<String, Link> parseIpJson(String json) {
        Map<String, Link> out = new LinkedHashMap<>();
        Object root = JsonTree.parse(json);
        if (!(root instanceof List<?> list)) {
            throw new IllegalArgumentException("ip -j: expected an array");
        }
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> m) || !(m.get("ifname") instanceof String name)) {
                continue;
            }
            Map<String, Long> sizes = new LinkedHashMap<>();
            for (String key : SIZE_KEYS) {
                if (m.get(key) instanceof Long v) {
                    sizes.put(key, v);
                }
            }
            out.put(name, new Link(name, m.get("mtu") instanceof Long mtu ? mtu : null,
                    m.get("link_type") instanceof String t ? t : null, sizes));
        }
        return out;
    }

    static Map<String, Link> fromSysfs(Path root) {
        Map<String, Link> out = new HashMap<>();
        try (var dirs = Files.list(root)) {
            for (Path dir : (Iterable<Path>) dirs::iterator) {
                String name = dir.getFileName().toString();
                Map<String, Long> sizes = new LinkedHashMap<>();
                for (String key : SIZE_KEYS) {
                    Long v = readNumber(dir.resolve(key));
                    if (v != null) {
                        sizes.put(key, v);
                    }
                }
                out.put(name, new Link(name, readNumber(dir.resolve("mtu")), null, sizes));
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        return out;
    }

    private static Long readNumber(Path file) {
        try {
            String s = Files.readString(file).trim();
            return s.matches("\\d{1,18}") ? Long.parseLong(s) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
