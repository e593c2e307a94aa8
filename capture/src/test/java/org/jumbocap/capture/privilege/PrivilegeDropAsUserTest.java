package org.jumbocap.capture.privilege;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Privileges#relinquish} in processes of its own, as root sets them up with setpriv: a plain user
 * holding CAP_NET_RAW and CAP_NET_ADMIN as ambient capabilities (as a launcher with file capabilities gives
 * them) opens a packet socket, gives them up and cannot open one again, neither on its thread nor on a thread
 * started after; and root becomes nobody in every thread. Skipped without root or setpriv.
 */
@Tag("root")
class PrivilegeDropAsUserTest {
    private static final int EPERM = 1;

    @TempDir
    Path dir;

    @Test
    void aUserWithTheCaptureCapabilitiesGivesThemUp() throws Exception {
        List<String> out = probe(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                "--inh-caps=+net_raw,+net_admin", "--ambient-caps=+net_raw,+net_admin"));
        assertTrue(out.contains("socket before: opened"), "the capabilities were there: " + out);
        assertTrue(out.contains("action: DROP_CAPABILITIES"), out.toString());
        assertTrue(out.contains("socket after: errno " + EPERM), out.toString());
        assertTrue(out.contains("socket in a new thread: errno " + EPERM), out.toString());
        String self = value(out, "this thread: ");
        assertTrue(self.contains("CapInh: 0000000000000000, CapPrm: 0000000000000000, CapEff: 0000000000000000")
                && self.contains("CapAmb: 0000000000000000, NoNewPrivs: 1"), self);
        // every thread, the JVM's own started before the drop too: capset reaches only the calling thread,
        // the others give theirs up in the handler of the signal each is sent
        assertTrue(Long.parseLong(value(out, "threads holding capabilities before: ")) > 5, out.toString());
        assertEquals("0", value(out, "threads keeping capabilities: "), out.toString());
        long threads = 0;
        for (String line : out) {
            if (line.startsWith("thread: ")) {
                threads++;
                assertTrue(line.contains("Uid: 65534 65534 65534 65534") && line.endsWith("NoNewPrivs: 1"), line);
                assertTrue(line.contains("CapInh: 0000000000000000, CapPrm: 0000000000000000, CapEff: 0000000000000000")
                        && line.contains("CapAmb: 0000000000000000"), line);
            }
        }
        assertTrue(threads > 5, "a JVM's threads: " + out);
        System.out.println("a user with capabilities, after: " + self + "; threads keeping theirs: "
                + value(out, "threads keeping capabilities: "));
    }

    @Test
    void rootBecomesNobodyInEveryThread() throws Exception {
        List<String> out = probe(List.of());
        assertTrue(out.contains("socket before: opened"), out.toString());
        assertTrue(out.contains("action: SWITCH_USER"), out.toString());
        assertTrue(out.contains("threads keeping capabilities: 0"), out.toString());
        assertTrue(out.contains("socket after: errno " + EPERM), out.toString());
        long threads = out.stream().filter(l -> l.startsWith("thread: ")).count();
        assertTrue(threads > 5, out.toString());
        for (String line : out) {
            if (line.startsWith("thread: ")) {
                assertTrue(line.startsWith("thread: Uid: 65534 65534 65534 65534, Gid: 65534 65534 65534 65534, Groups: ,"
                        + " CapInh: 0000000000000000, CapPrm: 0000000000000000, CapEff: 0000000000000000"), line);
                assertTrue(line.endsWith("CapAmb: 0000000000000000, NoNewPrivs: 1"), line);
            }
        }
        assertTrue(value(out, "this thread: ").contains("CapBnd: 0000000000000000"), out.toString());
    }

    /**
     * A process started as the package's set-group-ID capture launcher starts one (real gid the user's,
     * effective gid the launcher's group) takes no JVM options from the environment, and its first step
     * takes every thread back to the user's group, real, effective and saved.
     */
    @Test
    void aSetGroupIdLauncherGoesBackToTheCallersGroup() throws Exception {
        List<String> out = probe(List.of("setpriv", "--reuid=nobody", "--rgid=nogroup", "--egid=4242", "--clear-groups"),
                List.of("--set-group-id"), Map.of("JAVA_TOOL_OPTIONS", "-Djumbocap.probe=picked-up"));
        assertTrue(out.contains("gids before: 65534 4242"), out.toString());
        assertTrue(out.contains("option from the environment: null"), "the JVM took the caller's options: " + out);
        assertTrue(out.contains("changed: true") && out.contains("changed again: false"), out.toString());
        long threads = 0;
        for (String line : out) {
            if (line.startsWith("thread: ")) {
                threads++;
                assertTrue(line.contains("Gid: 65534 65534 65534 65534"), line);
            }
        }
        assertTrue(threads > 5, "a JVM's threads: " + out);
        // the same start without the set-group-ID part does take them: the check above can fail
        List<String> plain = probe(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"),
                List.of("--set-group-id"), Map.of("JAVA_TOOL_OPTIONS", "-Djumbocap.probe=picked-up"));
        assertTrue(plain.contains("option from the environment: picked-up") && plain.contains("changed: false"),
                plain.toString());
    }

    private List<String> probe(List<String> prefix) throws Exception {
        return probe(prefix, List.of(), Map.of());
    }

    /** The probe's lines, run through {@code prefix} with a class path nobody can read (copied here). */
    private List<String> probe(List<String> prefix, List<String> args, Map<String, String> environment) throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root");
        assumeTrue(new ProcessBuilder("setpriv", "--version").start().waitFor() == 0, "setpriv is not installed");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> classPath = new ArrayList<>();
        for (Class<?> c : new Class<?>[] {Privileges.class, PrivilegeDropProbe.class}) {
            Path root = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path copy = dir.resolve(root.getParent().getFileName() + "-" + root.getFileName());
            copyTree(root.resolve("org/jumbocap/capture/privilege"), copy.resolve("org/jumbocap/capture/privilege"));
            for (Path d = copy.resolve("org/jumbocap/capture"); !d.equals(dir); d = d.getParent()) {
                Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            classPath.add(copy.toString());
        }
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (Path.of(entry).getFileName().toString().matches("jna-[\\d.]+\\.jar")) {
                Path jar = dir.resolve(Path.of(entry).getFileName());
                Files.copy(Path.of(entry), jar, StandardCopyOption.REPLACE_EXISTING);
                classPath.add(jar.toString());
            }
        }
        // where JNA unpacks its native part, writable by the probe's user
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxrwxrwx"));
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", String.join(File.pathSeparator, classPath),
                PrivilegeDropProbe.class.getName()));
        cmd.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(cmd).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process p = builder.start();
        String text = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), text);
        assertEquals(0, p.exitValue(), text);
        return text.lines().toList();
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(Files.isDirectory(f) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
    }

    private static String value(List<String> lines, String key) {
        return lines.stream().filter(l -> l.startsWith(key)).map(l -> l.substring(key.length())).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + key + "' in " + lines));
    }
}
