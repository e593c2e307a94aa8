package org.jumbocap.capture.filter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/** Port numbers of service names, from /etc/services as libpcap resolves them, and number parsing. */
final class Services {
    private static volatile Map<String, Integer> table;

    private Services() {
    }

    /** A port given as a number or a service name; empty when neither. */
    static OptionalInt port(String value, String proto) {
        Long n = number(value);
        if (n != null) {
            return n >= 0 && n <= 65535 ? OptionalInt.of(n.intValue()) : OptionalInt.empty();
        }
        Map<String, Integer> t = table();
        String name = value.toLowerCase(Locale.ROOT);
        Integer p = t.get(name + "/" + proto);
        if (p == null) {
            p = t.get(name + "/tcp");
        }
        if (p == null) {
            p = t.get(name + "/udp");
        }
        return p == null ? OptionalInt.empty() : OptionalInt.of(p);
    }

    /** libpcap number syntax: 0x hex, leading-0 octal, decimal; null when not a number. */
    static Long number(String text) {
        try {
            if (text.matches("0[xX][0-9a-fA-F]{1,8}")) {
                return Long.parseLong(text.substring(2), 16);
            }
            if (text.matches("0[0-7]{1,11}")) {
                return Long.parseLong(text, 8);
            }
            if (text.matches("[0-9]{1,10}")) {
                return Long.parseLong(text);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }

    private static Map<String, Integer> table() {
        Map<String, Integer> t = table;
        if (t == null) {
            t = load(Path.of("/etc/services"));
            table = t;
        }
        return t;
    }

    static Map<String, Integer> load(Path file) {
        Map<String, Integer> t = new HashMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
                int hash = line.indexOf('#');
                String[] f = (hash >= 0 ? line.substring(0, hash) : line).trim().split("\\s+");
                if (f.length < 2 || !f[1].contains("/")) {
                    continue;
                }
                String[] portProto = f[1].split("/");
                Long port = number(portProto[0]);
                if (port == null || port > 65535) {
                    continue;
                }
                for (int i = 0; i < f.length; i++) {
                    if (i != 1) {
                        t.putIfAbsent(f[i].toLowerCase(Locale.ROOT) + "/" + portProto[1], port.intValue());
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // No services database: names stay unresolved and the primitive is kept with a warning.
        }
        return t;
    }
}
