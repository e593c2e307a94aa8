package org.jumbocap.capture.host;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A device's driver ({@code ethtool -i}) and the offload features that decide super-packets ({@code ethtool -k}). */
public final class Ethtool {
    /** The features shown, in {@code ethtool -k}'s names. */
    public static final List<String> FEATURES = List.of("tx-checksumming", "tcp-segmentation-offload",
            "tx-tcp-segmentation", "tx-tcp6-segmentation", "generic-segmentation-offload", "generic-receive-offload",
            "large-receive-offload", "rx-gro-hw");
    private static final int MAX_OUTPUT = 1 << 20;

    /** What ethtool said; a null part could not be read, {@code problem} says why. */
    public record Answer(String driver, Map<String, String> features, String problem) {
    }

    private final String command;

    /** @param command the ethtool binary: "ethtool" to look it up on the PATH */
    public Ethtool(String command) {
        this.command = command;
    }

    /** Asks for the driver and the features separately: some devices (lo) answer one and not the other. */
    public Answer read(String device) {
        String info = null;
        String features = null;
        String problem = null;
        try {
            info = run("-i", device);
        } catch (IOException e) {
            problem = e.getMessage();
        }
        if (problem == null || !problem.startsWith("ethtool is not installed")) {
            try {
                features = run("-k", device);
            } catch (IOException e) {
                problem = problem == null ? e.getMessage() : problem + "; " + e.getMessage();
            }
        }
        return new Answer(info == null ? null : driver(info), features == null ? null : features(features), problem);
    }

    private String run(String option, String device) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(command, option, device).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("ethtool is not installed (Debian package 'ethtool')");
        }
        try {
            byte[] bytes;
            try (InputStream in = p.getInputStream()) {
                bytes = readCapped(in);
            }
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("ethtool " + option + " " + device + " did not answer");
            }
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                String first = text.lines().findFirst().orElse("exit status " + p.exitValue()).trim();
                throw new IOException("ethtool " + option + " " + device + ": " + first);
            }
            return text;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted");
        }
    }

    private static byte[] readCapped(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            if (out.size() + n > MAX_OUTPUT) {
                throw new IOException("ethtool output too large");
            }
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    /** The {@code driver:} line of {@code ethtool -i}, or null. */
    static String driver(String info) {
        for (String line : info.split("\n")) {
            if (line.startsWith("driver:")) {
                String d = line.substring(7).trim();
                return d.isEmpty() ? null : d;
            }
        }
        return null;
    }

    /** The {@link #FEATURES} found in {@code ethtool -k} output, as "on", "off", "off [fixed]". */
    static Map<String, String> features(String text) {
        Map<String, String> found = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim();
            if (FEATURES.contains(name)) {
                found.put(name, line.substring(colon + 1).trim());
            }
        }
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String f : FEATURES) {
            if (found.containsKey(f)) {
                ordered.put(f, found.get(f));
            }
        }
        return ordered;
    }
}
