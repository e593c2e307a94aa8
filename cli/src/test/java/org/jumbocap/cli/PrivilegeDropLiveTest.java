package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.jumbocap.cli.BigTcpVethPair.waitForStderr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.capture.privilege.ProcessCredentials;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capture} as root gives up root before its first frame, as {@code tcpdump -Z} does: three captures
 * on a veth pair in a network namespace, each writing into a directory only root may enter. While they
 * capture, every thread of the default one (the user 'jumbocap', else 'nobody') and of the one with
 * {@code -Z nobody} (libpcap writing the file) shows that user's uid and gid, no supplementary group, no
 * capability and no-new-privileges in /proc/PID/task/TID/status; {@code -Z root} stays root and says so.
 * Every file then holds every frame its capture reports written. Skipped without root or namespaces.
 */
@Tag("root")
class PrivilegeDropLiveTest {
    private static final String ADDRESS_A = "2001:db8:79::1";
    private static final String ADDRESS_B = "2001:db8:79::2";

    @TempDir
    Path dir;

    private final BigTcpVethPair pair = new BigTcpVethPair("privdrop", "prva", "prvb");

    @Test
    void aCaptureAsRootDropsToAPlainUserBeforeItsFirstFrameAndStillWritesItsFile() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        try {
            assumeTrue(pair.create(), "'ip netns add' failed: no network namespaces here");
            pair.connect(ADDRESS_A, ADDRESS_B);
            Path rootOnly = Files.createDirectory(dir.resolve("root-only"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path pcapng = rootOnly.resolve("default.pcapng");
            Path pcap = rootOnly.resolve("nobody.pcap");
            Path keptOut = dir.resolve("root.txt");
            Process asDefault = pair.startCapture(dir.resolve("default.txt"), "-i", "prva", "-q", "-w", pcapng.toString(),
                    "-c", "40", "--duration", "60", "udp");
            Process asNobody = pair.startCapture(dir.resolve("nobody.txt"), "-i", "prva", "-Z", "nobody", "-q", "-w",
                    pcap.toString(), "-c", "40", "--duration", "60", "udp");
            Process asRoot = pair.startCapture(keptOut, "-i", "prva", "-Z", "root", "-c", "40", "--duration", "60", "udp");
            Path piped = dir.resolve("raw-stdout.pcapng");
            Process rawToStdout = pair.startCapture(piped, "-i", "prva", "--raw", "-w", "-", "-c", "40", "--duration", "60",
                    "udp");
            waitForStderr(dir.resolve("default.txt.err"), "running as user");
            waitForStderr(dir.resolve("nobody.txt.err"), "running as user nobody");
            waitForStderr(Path.of(keptOut + ".err"), "running as root");
            waitForStderr(Path.of(piped + ".err"), "running as user");

            String expectedUser = BigTcpVethPair.run("id", "-u", "jumbocap") == 0 ? "jumbocap" : "nobody";
            long uid = Long.parseLong(output("id", "-u", expectedUser));
            long gid = Long.parseLong(output("id", "-g", expectedUser));
            long nobodyUid = Long.parseLong(output("id", "-u", "nobody"));
            long nobodyGid = Long.parseLong(output("id", "-g", "nobody"));
            String seen = assertUnprivileged(asDefault.pid(), uid, gid);
            assertUnprivileged(asNobody.pid(), nobodyUid, nobodyGid);
            for (ProcessCredentials t : ProcessCredentials.ofEveryThread(asRoot.pid())) {
                assertTrue(t.uids()[1] == 0 && t.mayUse(ProcessCredentials.CAP_NET_RAW), "-Z root stays root: " + t.describe());
            }
            System.out.println("capture as " + expectedUser + ": " + seen);

            sendDatagrams(40, 100);
            for (Process p : List.of(asDefault, asNobody, asRoot, rawToStdout)) {
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "-c stops the capture");
            }
            // --raw -w - after the drop: pcapng on standard output, whole, that tshark reads from a pipe
            assertEquals(0, rawToStdout.exitValue(), Files.readString(Path.of(piped + ".err")));
            assertEquals(40, Cli.frames(piped).size());
            if (BigTcpVethPair.run("tshark", "--version") == 0) {
                Process tshark = new ProcessBuilder("tshark", "-r", "-", "-T", "fields", "-e", "udp.length")
                        .redirectInput(piped.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                List<String> lengths = new String(tshark.getInputStream().readAllBytes()).lines().toList();
                assertTrue(tshark.waitFor(60, TimeUnit.SECONDS));
                assertEquals(java.util.Collections.nCopies(40, "108"), lengths, "tshark -r - reads every datagram");
            }
            String rootErr = Files.readString(Path.of(keptOut + ".err"));
            assertEquals(0, asRoot.exitValue(), rootErr);
            assertTrue(rootErr.contains("jumbocap capture: warning: running as root (-Z root)"), rootErr);
            assertEquals(40, Files.readString(keptOut).lines().count(), "-Z root prints every datagram");
            for (String[] run : new String[][] {{"default.txt.err", pcapng.toString()}, {"nobody.txt.err", pcap.toString()}}) {
                String err = Files.readString(dir.resolve(run[0]));
                assertEquals(0, (run[0].startsWith("default") ? asDefault : asNobody).exitValue(), err);
                Matcher m = Pattern.compile("(\\d+) frames written to").matcher(err);
                assertTrue(m.find(), err);
                List<FrameRecord> frames = Cli.frames(Path.of(run[1]));
                assertEquals(Long.parseLong(m.group(1)), frames.size(), err);
                assertEquals(40, frames.size(), run[1] + " holds every datagram");
                assertEquals(0, Files.getAttribute(Path.of(run[1]), "unix:uid"), "the file was created by root, before the drop");
            }
        } finally {
            pair.close();
        }
    }

    /**
     * {@code check -i} opens the interface as root and dissects as a plain user, as {@code capture} does: while
     * it captures, every thread of the default run shows the user's ids, no group and no capability, and every
     * thread of the {@code -Z root} run still may use CAP_NET_RAW, which it says; both check the datagrams.
     */
    @Test
    void checkOnAnInterfaceDissectsAsAPlainUser() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        Cli.Result withoutInterface = Cli.run("check", "-Z", "nobody", "lo");
        assertEquals(2, withoutInterface.code(), withoutInterface.err());
        assertTrue(withoutInterface.err().contains("-Z gives up the rights -i opens an interface with: it needs -i"),
                withoutInterface.err());
        Cli.Result unknown = Cli.run("check", "-i", "lo", "-Z", "no-such-user-here");
        assertEquals(2, unknown.code(), unknown.err());
        assertTrue(unknown.err().contains("-Z: no such user: no-such-user-here"), unknown.err());
        try {
            assumeTrue(pair.create(), "'ip netns add' failed: no network namespaces here");
            pair.connect(ADDRESS_A, ADDRESS_B);
            Path asDefault = dir.resolve("check-default.txt");
            Path asRoot = dir.resolve("check-root.txt");
            Process dropping = pair.start(checkCommand("-i", "prva", "--duration", "10"), asDefault);
            Process keeping = pair.start(checkCommand("-i", "prva", "--duration", "10", "-Z", "root"), asRoot);
            waitForStderr(Path.of(asDefault + ".err"), "capturing on prva");
            waitForStderr(Path.of(asRoot + ".err"), "capturing on prva");
            String expectedUser = BigTcpVethPair.run("id", "-u", "jumbocap") == 0 ? "jumbocap" : "nobody";
            String seen = assertUnprivileged(dropping.pid(), Long.parseLong(output("id", "-u", expectedUser)),
                    Long.parseLong(output("id", "-g", expectedUser)));
            for (ProcessCredentials t : ProcessCredentials.ofEveryThread(keeping.pid())) {
                assertTrue(t.uids()[1] == 0 && t.mayUse(ProcessCredentials.CAP_NET_RAW), "-Z root stays root: " + t.describe());
            }
            System.out.println("check -i as " + expectedUser + ": " + seen);
            sendDatagrams(40, 100);
            for (Process p : List.of(dropping, keeping)) {
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "--duration stops the check");
            }
            String droppingErr = Files.readString(Path.of(asDefault + ".err"));
            assertTrue(droppingErr.contains("jumbocap check: running as user " + expectedUser), droppingErr);
            assertTrue(droppingErr.indexOf("running as user") < droppingErr.indexOf("capturing on prva"), droppingErr);
            String keepingErr = Files.readString(Path.of(asRoot + ".err"));
            assertTrue(keepingErr.contains("jumbocap check: warning: running as root (-Z root)"), keepingErr);
            for (Path report : List.of(asDefault, asRoot)) {
                String text = Files.readString(report);
                assertTrue(text.contains("prva (live, 10.0 s)"), text);
                Matcher checked = Pattern.compile("prva \\(live, 10.0 s\\)\\s+(\\d+) frames").matcher(text);
                // the 40 datagrams and the neighbour discovery around them
                assertTrue(checked.find() && Long.parseLong(checked.group(1)) >= 40, "every datagram was checked: " + text);
            }
        } finally {
            pair.close();
        }
    }

    /** {@code jumbocap check ARGS} in namespace A as a child JVM. */
    private List<String> checkCommand(String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of("ip", "netns", "exec", pair.nsA,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.jumbocap.cli.Main", "check"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * A ring buffer after the drop: its first file, created by root, is given to nobody, who creates the next
     * ones and removes the oldest in a directory nobody may write; in a directory only root may enter the
     * capture refuses at once, before its first frame.
     */
    @Test
    void aRingBufferGoesOnAsTheUserTheCaptureBecame() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        try {
            assumeTrue(pair.create(), "'ip netns add' failed: no network namespaces here");
            pair.connect(ADDRESS_A, ADDRESS_B);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path nobodys = Files.createDirectory(dir.resolve("nobodys"));
            BigTcpVethPair.must("chown", "nobody", nobodys.toString());
            Path rootOnly = Files.createDirectory(dir.resolve("root-only"),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Process ring = pair.startCapture(dir.resolve("ring.txt"), "-i", "prva", "-Z", "nobody", "--raw", "-q",
                    "-w", nobodys.resolve("ring.pcapng").toString(), "-C", "0.01", "-W", "2", "-c", "40",
                    "--duration", "60", "udp");
            Process refused = pair.startCapture(dir.resolve("refused.txt"), "-i", "prva", "-Z", "nobody", "--raw",
                    "-w", rootOnly.resolve("ring.pcapng").toString(), "-C", "0.01", "udp");
            assertTrue(refused.waitFor(60, TimeUnit.SECONDS));
            String refusal = Files.readString(dir.resolve("refused.txt.err"));
            assertEquals(1, refused.exitValue(), refusal);
            assertTrue(refusal.contains(rootOnly + ": the ring buffer's next files are created as the user the capture"
                    + " became (nobody), who may not write there"), refusal);
            waitForStderr(dir.resolve("ring.txt.err"), "running as user nobody");
            sendDatagrams(40, 1000);
            assertTrue(ring.waitFor(60, TimeUnit.SECONDS), "-c stops the capture");
            String err = Files.readString(dir.resolve("ring.txt.err"));
            assertEquals(0, ring.exitValue(), err);
            List<Path> files;
            try (java.util.stream.Stream<Path> s = Files.list(nobodys)) {
                files = s.sorted().toList();
            }
            assertEquals(2, files.size(), err + files);
            assertTrue(files.get(0).getFileName().toString().matches("ring_\\d{5}_\\d{14}\\.pcapng"), files.toString());
            assertTrue(Integer.parseInt(files.get(1).getFileName().toString().substring(5, 10)) > 2,
                    "the first file, root's, was removed by nobody: " + files);
            long frames = 0;
            for (Path f : files) {
                assertEquals(Long.parseLong(output("id", "-u", "nobody")), ((Number) Files.getAttribute(f, "unix:uid")).longValue());
                frames += Cli.frames(f).size();
            }
            assertTrue(frames > 0 && frames < 40, "the newest two files hold the last frames: " + frames);
        } finally {
            pair.close();
        }
    }

    /**
     * Started as nobody with CAP_NET_RAW and CAP_NET_ADMIN as ambient capabilities (what a launcher with file
     * capabilities gives), the capture opens the interface, then gives them up in every thread, the JVM's own
     * started before included; no thread may gain any through execve, and the file is written whole. A user who does not
     * exist stops a capture before it opens anything.
     */
    @Test
    void aUserWithTheCaptureCapabilitiesGivesThemUpOnceTheInterfaceIsOpen() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        Cli.Result unknown = Cli.run("capture", "-i", "lo", "-Z", "no-such-user-here");
        assertEquals(2, unknown.code(), unknown.err());
        assertTrue(unknown.err().contains("-Z: no such user: no-such-user-here"), unknown.err());
        assumeTrue(BigTcpVethPair.run("setpriv", "--version") == 0, "setpriv is not installed");
        try {
            assumeTrue(pair.create(), "'ip netns add' failed: no network namespaces here");
            pair.connect(ADDRESS_A, ADDRESS_B);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path nobodys = Files.createDirectory(dir.resolve("nobodys"));
            BigTcpVethPair.must("chown", "nobody", nobodys.toString());
            Path file = nobodys.resolve("as-nobody.pcapng");
            List<String> cmd = new java.util.ArrayList<>(List.of("ip", "netns", "exec", pair.nsA, "setpriv",
                    "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--inh-caps=+net_raw,+net_admin",
                    "--ambient-caps=+net_raw,+net_admin", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", classPathNobodyCanRead(), "org.jumbocap.cli.Main", "capture", "-i", "prva", "-q", "-w",
                    file.toString(), "-c", "40", "--duration", "60", "udp"));
            Path out = dir.resolve("as-nobody.txt");
            Process capture = pair.start(cmd, out);
            waitForStderr(Path.of(out + ".err"), "running without capabilities");
            List<ProcessCredentials> threads = ProcessCredentials.ofEveryThread(capture.pid());
            long without = threads.stream().filter(ProcessCredentials::holdsNoCapability).count();
            for (ProcessCredentials t : threads) {
                assertEquals(Long.parseLong(output("id", "-u", "nobody")), t.uids()[1], t.describe());
                assertTrue(t.noNewPrivs(), t.describe());
            }
            // the JVM's threads started before the interface was opened too, not only the one reading frames
            assertEquals(threads.size(), without, "every thread gave up its capabilities");
            assertTrue(Files.readString(Path.of(out + ".err")).contains("jumbocap capture: running without capabilities\n"));
            sendDatagrams(40, 100);
            assertTrue(capture.waitFor(60, TimeUnit.SECONDS), "-c stops the capture");
            String err = Files.readString(Path.of(out + ".err"));
            assertEquals(0, capture.exitValue(), err);
            assertEquals(40, Cli.frames(file).size(), err);
            System.out.println("as nobody with capabilities: " + without + " of " + threads.size()
                    + " threads without capabilities; " + err.lines().filter(l -> l.contains("running without")).findFirst()
                    .orElse(""));
        } finally {
            pair.close();
        }
    }

    /**
     * This JVM's class path with the entries under root's home (the Maven repository, which only root may
     * enter) hard-linked into a directory anyone may read.
     */
    private String classPathNobodyCanRead() throws Exception {
        Path links = Files.createDirectory(dir.resolve("class-path"));
        List<String> entries = new java.util.ArrayList<>();
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (Files.isRegularFile(p) && p.toAbsolutePath().startsWith(System.getProperty("user.home"))) {
                Path link = links.resolve((n++) + "-" + p.getFileName());
                try {
                    Files.createLink(link, p);
                } catch (java.io.IOException e) {
                    Files.copy(p, link);
                }
                entries.add(link.toString());
            } else {
                entries.add(entry);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    /** Every thread of {@code pid}: the user's ids, no group, no capability, no new privileges; returns one thread's lines. */
    private static String assertUnprivileged(long pid, long uid, long gid) throws Exception {
        List<ProcessCredentials> threads = ProcessCredentials.ofEveryThread(pid);
        assertTrue(threads.size() > 5, "a JVM's threads: " + threads.size());
        int emptyBounding = 0;
        for (ProcessCredentials t : threads) {
            assertArrayEquals(new long[] {uid, uid, uid, uid}, t.uids(), t.describe());
            assertArrayEquals(new long[] {gid, gid, gid, gid}, t.gids(), t.describe());
            assertEquals(0, t.groups().length, t.describe());
            assertTrue(t.holdsNoCapability(), t.describe());
            assertTrue(t.noNewPrivs(), t.describe());
            emptyBounding += t.bounding() == 0 ? 1 : 0;
        }
        assertTrue(emptyBounding >= 1, "the capture thread's bounding set is empty");
        return threads.get(0).describe() + "; " + threads.size() + " threads, " + emptyBounding + " with CapBnd 0";
    }

    /** UDP datagrams of {@code size} bytes from namespace B to A, 20 ms apart. */
    private void sendDatagrams(int n, int size) throws Exception {
        String script = "import socket,time\ns=socket.socket(socket.AF_INET6,socket.SOCK_DGRAM)\n"
                + "for i in range(" + n + "):\n    s.sendto(b'x'*" + size + ",('" + ADDRESS_A + "',9))\n    time.sleep(0.02)\n";
        assertEquals(0, BigTcpVethPair.run("ip", "netns", "exec", pair.nsB, "python3", "-c", script), "python3 sender");
    }

    private static String output(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", cmd) + ": " + out);
        return out;
    }
}
