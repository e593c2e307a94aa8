package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.jumbocap.cli.BigTcpVethPair.must;
import static org.jumbocap.cli.BigTcpVethPair.run;
import static org.jumbocap.cli.BigTcpVethPair.waitForStderr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jumbocap check} on a real test host, as root: two veth pairs in network namespaces, one with BIG TCP
 * sizes (185000, IPv4 ones too through samples/tools/set-ipv4-bigtcp.py) and one left at the defaults
 * (65536). The interface verdicts must say on and off; a live check during an iperf3 transfer over each
 * must find super-packets up to ~185 KB named as the 185000 setting, and super-packets stopping just under
 * 64 KB named as the 65536 limit. Skipped (with the reason) without root, namespaces or iperf3.
 */
@Tag("root")
class CheckLiveTest {
    private static final int PORT = 5298;

    @TempDir
    Path dir;

    private final long pid = ProcessHandle.current().pid();
    private final String nsBigA = "chk-ba-" + pid;
    private final String nsBigB = "chk-bb-" + pid;
    private final String nsOffA = "chk-oa-" + pid;
    private final String nsOffB = "chk-ob-" + pid;
    private final List<Process> started = new ArrayList<>();

    @Test
    void bigTcpOnAndOffAreToldApartOnInterfacesAndInTraffic() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (network namespaces, capture)");
        assumeTrue(run("iperf3", "--version") == 0, "iperf3 is not installed");
        try {
            for (String ns : List.of(nsBigA, nsBigB, nsOffA, nsOffB)) {
                assumeTrue(run("ip", "netns", "add", ns) == 0, "'ip netns add' failed: no network namespaces here");
            }
            pair(nsBigA, nsBigB, "chkba", "chkbb", "2001:db8:78:1::", "198.51.100.", 185_000);
            pair(nsOffA, nsOffB, "chkoa", "chkob", "2001:db8:78:2::", "203.0.113.", 0);
            boolean ipv4Sizes = setIpv4Sizes(nsBigA, "chkba") && setIpv4Sizes(nsBigB, "chkbb");

            // the interfaces
            Cli.Result on = check(nsBigA, "-T", "json", "chkba");
            Map<?, ?> onIf = firstInterface(on);
            assertEquals("on", ((Map<?, ?>) onIf.get("ipv6")).get("state"), on.out());
            assertEquals(ipv4Sizes ? "on" : "off", ((Map<?, ?>) onIf.get("ipv4")).get("state"), on.out());
            assertEquals(185000L, ((Map<?, ?>) onIf.get("sizes")).get("gso_max_size"));
            assertEquals("veth", onIf.get("driver"));
            Cli.Result off = check(nsOffA, "chkoa");
            assertEquals(1, off.code(), off.out());
            assertTrue(off.out().contains("IPv6 BIG TCP: off: gso_max_size and gro_max_size are 65,536 and 65,536"), off.out());
            assertTrue(off.out().contains("to change: ip link set dev chkoa gso_max_size 185000 gro_max_size 185000"), off.out());

            // the traffic, captured live while iperf3 runs
            Map<?, ?> bigFlow = liveBulkFlow(nsBigA, nsBigB, "chkba", "2001:db8:78:1::2");
            assertEquals("big_tcp_on", ((Map<?, ?>) bigFlow.get("verdict")).get("status"), bigFlow.toString());
            Map<?, ?> bigData = (Map<?, ?>) ((List<?>) bigFlow.get("directions")).get(0);
            long bigMax = ((Number) ((Map<?, ?>) bigData.get("sizes")).get("max")).longValue();
            assertTrue(bigMax > 150_000 && bigMax <= 185_000, "super-packets up to ~185 KB: " + bigMax);
            Map<?, ?> bigCeiling = (Map<?, ?>) bigData.get("ceiling");
            assertEquals(185000L, bigCeiling.get("likely_setting"), bigData.toString());

            Map<?, ?> offFlow = liveBulkFlow(nsOffA, nsOffB, "chkoa", "2001:db8:78:2::2");
            assertEquals("big_tcp_off", ((Map<?, ?>) offFlow.get("verdict")).get("status"), offFlow.toString());
            assertTrue(((String) ((Map<?, ?>) offFlow.get("verdict")).get("line")).contains("just under 65,536"));
            Map<?, ?> offData = (Map<?, ?>) ((List<?>) offFlow.get("directions")).get(0);
            long offMax = ((Number) ((Map<?, ?>) offData.get("sizes")).get("max")).longValue();
            assertTrue(offMax > 60_000 && offMax < 65_536, "super-packets stop at 64 KB: " + offMax);
            assertEquals(65536L, ((Map<?, ?>) offData.get("ceiling")).get("likely_setting"));
            String ipv4 = "not settable here";
            if (ipv4Sizes) {
                // IPv4 BIG TCP has its own sizes, and the verdict names them
                Map<?, ?> v4Flow = liveBulkFlow(nsBigA, nsBigB, "chkba", "198.51.100.2");
                Map<?, ?> v4Verdict = (Map<?, ?>) v4Flow.get("verdict");
                assertEquals("big_tcp_on", v4Verdict.get("status"), v4Flow.toString());
                assertTrue(((String) v4Verdict.get("line")).contains("gso_ipv4_max_size 185,000"), v4Verdict.toString());
                Map<?, ?> v4Data = (Map<?, ?>) ((List<?>) v4Flow.get("directions")).get(0);
                assertEquals(((Number) v4Data.get("super_packets")).longValue() > 0, true);
                assertTrue(((Number) v4Data.get("zero_length_ipv4")).longValue() > 0, "IPv4 total length 0");
                ipv4 = "on, up to " + ((Map<?, ?>) v4Data.get("sizes")).get("max") + " B";
            }
            Map<?, ?> v4Off = liveBulkFlow(nsOffA, nsOffB, "chkoa", "203.0.113.2");
            assertEquals("big_tcp_off", ((Map<?, ?>) v4Off.get("verdict")).get("status"), v4Off.toString());
            System.out.println("check on veth: BIG TCP pair super-packets up to " + bigMax + " B, default pair up to "
                    + offMax + " B; IPv4 BIG TCP " + ipv4);
        } finally {
            for (Process p : started) {
                p.destroyForcibly();
            }
            for (String ns : List.of(nsBigA, nsBigB, nsOffA, nsOffB)) {
                run("ip", "netns", "del", ns);
            }
        }
    }

    /** The flow of a live check of {@code device} during a 2-second iperf3 transfer, the one that carried the data. */
    private Map<?, ?> liveBulkFlow(String client, String server, String device, String serverAddress) throws Exception {
        Process iperfServer = start(List.of("ip", "netns", "exec", server, "iperf3", "-s", "-1", "-p", "" + PORT), null);
        Path out = dir.resolve(device + "-" + started.size() + ".json");
        Process live = start(javaIn(client, "check", "-T", "json", "-i", device, "--duration", "4"), out);
        waitForStderr(Path.of(out + ".err"), "capturing on");
        assertEquals(0, run("ip", "netns", "exec", client, "iperf3", "-c", serverAddress, "-p", "" + PORT, "-t", "2",
                "-l", "1M"), "iperf3 client");
        iperfServer.waitFor(5, TimeUnit.SECONDS);
        boolean stopped = live.waitFor(20, TimeUnit.SECONDS);
        if (!stopped) {
            Path dump = dir.resolve("stack.txt");
            new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), "" + live.pid(),
                    "Thread.print").redirectErrorStream(true).redirectOutput(dump.toFile()).start().waitFor(20, TimeUnit.SECONDS);
            System.out.println(Files.readString(dump));
        }
        assertTrue(stopped, "--duration stops the live check: " + Files.readString(Path.of(out + ".err")));
        String json = Files.readString(out);
        Map<?, ?> root = (Map<?, ?>) MiniJson.parse(json);
        List<?> captures = (List<?>) root.get("captures");
        assertEquals(1, captures.size(), json);
        return ((List<?>) ((Map<?, ?>) captures.get(0)).get("flows")).stream().map(f -> (Map<?, ?>) f)
                .max(java.util.Comparator.comparingLong(f -> ((Number) ((Map<?, ?>) ((List<?>) f.get("directions")).get(0))
                        .get("payload_bytes")).longValue())).orElseThrow(() -> new AssertionError("no flow: " + json));
    }

    private static Map<?, ?> firstInterface(Cli.Result r) {
        Map<?, ?> root = (Map<?, ?>) MiniJson.parse(r.out());
        return (Map<?, ?>) ((List<?>) root.get("interfaces")).get(0);
    }

    private Cli.Result check(String ns, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(args));
        cmd.add(0, "check");
        Path out = dir.resolve("check-" + started.size() + ".out");
        Process p = start(javaIn(ns, cmd.toArray(new String[0])), out);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Cli.Result(p.exitValue(), Files.readString(out), Files.readString(Path.of(out + ".err")));
    }

    private static List<String> javaIn(String ns, String... args) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.jumbocap.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** A veth pair between two namespaces, with BIG TCP sizes when {@code size} is not 0. */
    private void pair(String a, String b, String ifA, String ifB, String prefix, String prefix4, long size)
            throws Exception {
        for (String ns : List.of(a, b)) {
            must("ip", "netns", "exec", ns, "sysctl", "-qw", "net.ipv6.conf.all.accept_dad=0",
                    "net.ipv6.conf.default.accept_dad=0");
            must("ip", "-n", ns, "link", "set", "lo", "up");
        }
        must("ip", "link", "add", ifA, "netns", a, "type", "veth", "peer", "name", ifB, "netns", b);
        must("ip", "-n", a, "addr", "add", prefix + "1/64", "dev", ifA, "nodad");
        must("ip", "-n", b, "addr", "add", prefix + "2/64", "dev", ifB, "nodad");
        must("ip", "-n", a, "addr", "add", prefix4 + "1/24", "dev", ifA);
        must("ip", "-n", b, "addr", "add", prefix4 + "2/24", "dev", ifB);
        for (String[] nd : new String[][] {{a, ifA}, {b, ifB}}) {
            if (size > 0) {
                must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "gso_max_size", "" + size, "gro_max_size", "" + size);
            }
            must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "up");
        }
    }

    private static boolean setIpv4Sizes(String ns, String device) {
        Path helper = Path.of("../samples/tools/set-ipv4-bigtcp.py").toAbsolutePath();
        return Files.isRegularFile(helper)
                && run("ip", "netns", "exec", ns, "python3", helper.toString(), device, "185000") == 0;
    }

    private Process start(List<String> cmd, Path stdout) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (stdout != null) {
            pb.redirectOutput(stdout.toFile()).redirectError(Path.of(stdout + ".err").toFile());
        } else {
            pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        }
        Process p = pb.start();
        started.add(p);
        return p;
    }
}
