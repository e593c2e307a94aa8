package org.jumbocap.cli;

import org.jumbocap.capture.privilege.PrivilegeException;
import org.jumbocap.capture.privilege.Privileges;

/**
 * Entry point of the {@code jumbocap-capture} launcher: {@code jumbocap capture} and nothing else. The
 * package gives this launcher alone the capture capabilities (as Debian does for Wireshark's dumpcap),
 * so that no other command of jumbocap ever runs with them. The launcher is also set-group-ID, so that the JVM
 * takes no options from the caller's environment; the first thing it does is go back to the caller's group.
 */
public final class CaptureMain {
    private CaptureMain() {
    }

    public static void main(String[] args) {
        try {
            Privileges.giveUpSetGroupId();
        } catch (PrivilegeException e) {
            System.err.println("jumbocap capture: cannot give up the launcher's group: " + e.getMessage());
            System.exit(1);
            return;
        } catch (LinkageError e) {
            // no C library to bind (not Linux): no set-group-ID launcher there either
        }
        String[] line = new String[args.length + 1];
        line[0] = "capture";
        System.arraycopy(args, 0, line, 1, args.length);
        Main.main(line);
    }
}
