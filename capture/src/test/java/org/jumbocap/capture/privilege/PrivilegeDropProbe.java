package org.jumbocap.capture.privilege;

import com.sun.jna.Function;
import com.sun.jna.Native;

/**
 * Run by {@link PrivilegeDropAsUserTest} in a process of its own: opens a packet socket, gives up its
 * privileges as a capture does, tries again, and prints what it saw, one {@code key: value} a line.
 */
public final class PrivilegeDropProbe {
    private static final int AF_PACKET = 17;
    private static final int SOCK_RAW = 3;

    private PrivilegeDropProbe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--set-group-id")) {
            // started as the package's set-group-ID launcher starts: the JVM options from the environment,
            // the group ids, then the capture launcher's first step and every thread's group ids after it
            System.out.println("option from the environment: " + System.getProperty("jumbocap.probe"));
            System.out.println("gids before: " + Integer.toUnsignedLong(Libc.getgid()) + " " + Integer.toUnsignedLong(Libc.getegid()));
            System.out.println("changed: " + Privileges.giveUpSetGroupId());
            System.out.println("changed again: " + Privileges.giveUpSetGroupId());
            for (ProcessCredentials c : ProcessCredentials.ofEveryThread(ProcessHandle.current().pid())) {
                System.out.println("thread: " + c.describe());
            }
            return;
        }
        System.out.println("socket before: " + packetSocket());
        System.out.println("threads holding capabilities before: " + ProcessCredentials.ofEveryThread(
                ProcessHandle.current().pid()).stream().filter(c -> !c.holdsNoCapability()).count());
        Privileges.Outcome outcome = Privileges.relinquish(args.length > 0 ? args[0] : null);
        System.out.println("action: " + outcome.plan().action());
        System.out.println("threads keeping capabilities: " + outcome.threadsKeepingCapabilities());
        System.out.println("note: " + outcome.note());
        // a thread started after the drop, as the capture's timer is
        String[] started = new String[1];
        Thread t = new Thread(() -> started[0] = packetSocket());
        t.start();
        t.join();
        System.out.println("socket after: " + packetSocket());
        System.out.println("socket in a new thread: " + started[0]);
        System.out.println("this thread: " + ProcessCredentials.ofCurrentThread().describe());
        for (ProcessCredentials c : ProcessCredentials.ofEveryThread(ProcessHandle.current().pid())) {
            System.out.println("thread: " + c.describe());
        }
    }

    /** "opened", or the error of socket(AF_PACKET, SOCK_RAW, 0), which needs CAP_NET_RAW. */
    private static String packetSocket() {
        int fd = Function.getFunction("c", "socket").invokeInt(new Object[] {AF_PACKET, SOCK_RAW, 0});
        if (fd < 0) {
            return "errno " + Native.getLastError();
        }
        Function.getFunction("c", "close").invokeInt(new Object[] {fd});
        return "opened";
    }
}
