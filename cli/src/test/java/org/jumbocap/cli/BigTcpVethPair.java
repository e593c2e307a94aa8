package org.jumbocap.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.capture.TestCommands;

/**
 * Two network namespaces joined by a veth pair with BIG TCP on (gso_max_size and gro_max_size 185000), for
 * the live capture tests that run as root, and the processes they start in it: {@link #close} stops those
 * and removes the namespaces. Names carry this JVM's pid, so parallel runs do not collide.
 */
final class BigTcpVethPair implements AutoCloseable {
    final String nsA;
    final String nsB;
    final String devA;
    final String devB;
    private final List<Process> started = new ArrayList<>();

    BigTcpVethPair(String prefix, String devA, String devB) {
        this.nsA = prefix + "-a-" + ProcessHandle.current().pid();
        this.nsB = prefix + "-b-" + ProcessHandle.current().pid();
        this.devA = devA;
        this.devB = devB;
    }

    /** Makes the two namespaces; false where this machine has none. */
    boolean create() {
        return run("ip", "netns", "add", nsA) == 0 && run("ip", "netns", "add", nsB) == 0;
    }

    /** Joins the namespaces by the veth pair with an IPv6 /64 address at each end, no DAD, BIG TCP on. */
    void connect(String addressA, String addressB) throws Exception {
        for (String ns : List.of(nsA, nsB)) {
            must("ip", "netns", "exec", ns, "sysctl", "-qw", "net.ipv6.conf.all.accept_dad=0",
                    "net.ipv6.conf.default.accept_dad=0");
            must("ip", "-n", ns, "link", "set", "lo", "up");
        }
        must("ip", "link", "add", devA, "netns", nsA, "type", "veth", "peer", "name", devB, "netns", nsB);
        must("ip", "-n", nsA, "addr", "add", addressA + "/64", "dev", devA, "nodad");
        must("ip", "-n", nsB, "addr", "add", addressB + "/64", "dev", devB, "nodad");
        for (String[] nd : new String[][] {{nsA, devA}, {nsB, devB}}) {
            must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "gso_max_size", "185000", "gro_max_size", "185000");
            must("ip", "-n", nd[0], "link", "set", "dev", nd[1], "up");
        }
    }

    /** {@code jumbocap capture ARGS} in namespace A as a child JVM, its output in {@code stdout} and {@code stdout.err}. */
    Process startCapture(Path stdout, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", nsA,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "org.jumbocap.cli.Main", "capture"));
        cmd.addAll(List.of(args));
        return start(cmd, stdout);
    }

    /** Starts a process stopped by {@link #close}; its output in {@code stdout} and {@code stdout.err}, or discarded. */
    Process start(List<String> cmd, Path stdout) throws IOException {
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

    @Override
    public void close() {
        for (Process p : started) {
            p.destroyForcibly();
        }
        run("ip", "netns", "del", nsA);
        run("ip", "netns", "del", nsB);
    }

    /** Waits up to 20 s for {@code text} in a command's standard error, then a little for it to settle. */
    static void waitForStderr(Path err, String text) throws Exception {
        TestCommands.waitForText(err, text);
    }

    static void must(String... cmd) {
        TestCommands.must(cmd);
    }

    /** A command's exit status, or -1 when it cannot run or takes more than 30 s. */
    static int run(String... cmd) {
        return TestCommands.run(cmd);
    }
}
