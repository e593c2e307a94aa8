package org.jumbocap.cli;

/**
 * Entry point of the {@code jumbocap-capture} launcher: {@code jumbocap capture} and nothing else. The
 * package gives this launcher alone the capture capabilities (as Debian does for Wireshark's dumpcap),
 * so that no other command of jumbocap ever runs with them.
 */
public final class CaptureMain {
    private CaptureMain() {
    }

    public static void main(String[] args) {
        String[] line = new String[args.length + 1];
        line[0] = "capture";
        System.arraycopy(args, 0, line, 1, args.length);
        Main.main(line);
    }
}
