package org.jumbocap.capture.privilege;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** What a capture decides to give up, and how a thread's status file reads; nothing here changes the process. */
class PrivilegesTest {
    private static final Privileges.Account ROOT = new Privileges.Account("root", 0, 0);
    private static final Privileges.Account NOBODY = new Privileges.Account("nobody", 65534, 65534);
    private static final Privileges.Account JUMBOCAP = new Privileges.Account("jumbocap", 998, 998);
    private static final long NET_CAPS = 1L << ProcessCredentials.CAP_NET_RAW | 1L << ProcessCredentials.CAP_NET_ADMIN;

    private static Function<String, Privileges.Account> accounts(Privileges.Account... known) {
        Map<String, Privileges.Account> byName = new java.util.HashMap<>();
        for (Privileges.Account a : known) {
            byName.put(a.name(), a);
        }
        return byName::get;
    }

    @Test
    void rootBecomesJumbocapWhereItExistsElseNobody() throws Exception {
        assertEquals(new Privileges.Plan(Privileges.Action.SWITCH_USER, JUMBOCAP),
                Privileges.plan(null, 0, -1L, accounts(ROOT, NOBODY, JUMBOCAP)));
        assertEquals(new Privileges.Plan(Privileges.Action.SWITCH_USER, NOBODY),
                Privileges.plan(null, 0, -1L, accounts(ROOT, NOBODY)));
        PrivilegeException none = assertThrows(PrivilegeException.class, () -> Privileges.plan(null, 0, -1L, accounts(ROOT)));
        assertEquals("neither the user jumbocap nor nobody exists to become; name another (or root, to stay root)",
                none.getMessage());
    }

    @Test
    void rootBecomesTheUserAskedForOrStaysRootWhenAsked() throws Exception {
        assertEquals(new Privileges.Plan(Privileges.Action.SWITCH_USER, NOBODY),
                Privileges.plan("nobody", 0, -1L, accounts(ROOT, NOBODY, JUMBOCAP)));
        assertEquals(Privileges.Action.KEEP_ROOT, Privileges.plan("root", 0, -1L, accounts(ROOT, NOBODY)).action());
        PrivilegeException unknown = assertThrows(PrivilegeException.class,
                () -> Privileges.plan("nosuchuser", 0, -1L, accounts(ROOT, NOBODY)));
        assertEquals("no such user: nosuchuser", unknown.getMessage());
    }

    @Test
    void aUserWithCapabilitiesDropsThemAndOneWithoutHasNothingToDrop() throws Exception {
        assertEquals(Privileges.Action.DROP_CAPABILITIES, Privileges.plan(null, 1000, NET_CAPS, accounts(NOBODY)).action());
        assertEquals(Privileges.Action.DROP_CAPABILITIES, Privileges.plan("nobody", 1000, NET_CAPS, accounts(NOBODY)).action());
        assertEquals(Privileges.Action.NOTHING, Privileges.plan(null, 1000, 0, accounts()).action());
    }

    @Test
    void aStatusFileReadsAsTheKernelWritesIt() {
        String status = """
                Name:\tjava
                Uid:\t65534\t65534\t65534\t65534
                Gid:\t65534\t65534\t65534\t65534
                FDSize:\t256
                Groups:\t
                CapInh:\t0000000000000000
                CapPrm:\t0000000000000000
                CapEff:\t0000000000000000
                CapBnd:\t000001ffffffffff
                CapAmb:\t0000000000000000
                NoNewPrivs:\t1
                """;
        ProcessCredentials c = ProcessCredentials.parse(status);
        assertArrayEquals(new long[] {65534, 65534, 65534, 65534}, c.uids());
        assertEquals(0, c.groups().length);
        assertTrue(c.holdsNoCapability());
        assertFalse(c.hasRootId());
        assertTrue(c.noNewPrivs());
        assertEquals(0x1ffffffffffL, c.bounding());

        ProcessCredentials root = ProcessCredentials.parse(status.replace("65534", "0")
                .replace("Groups:\t", "Groups:\t0 4 ").replace("CapEff:\t0000000000000000", "CapEff:\t0000000000003000"));
        assertTrue(root.hasRootId());
        assertArrayEquals(new long[] {0, 4}, root.groups());
        assertTrue(root.mayUse(ProcessCredentials.CAP_NET_RAW));
        assertFalse(root.holdsNoCapability());
        assertTrue(root.describe().startsWith("Uid: 0 0 0 0, Gid: 0 0 0 0, Groups: 0 4, CapInh: 0000000000000000"),
                root.describe());
    }

    @Test
    void theCurrentThreadReadsBackAsTheProcessSees() throws Exception {
        ProcessCredentials self = ProcessCredentials.ofCurrentThread();
        assertTrue(self.uids().length == 4 && self.gids().length == 4, self.describe());
        assertEquals(Integer.toUnsignedLong(Libc.geteuid()), self.uids()[1]);
        assertEquals(Integer.toUnsignedLong(Libc.getgid()), self.gids()[0]);
        assertTrue(ProcessCredentials.ofEveryThread(ProcessHandle.current().pid()).size() > 1, "a JVM has many threads");
        Privileges.Account nobody = Libc.account("nobody");
        if (nobody != null) {
            assertTrue(nobody.uid() > 0, nobody.toString());
        }
        assertNull(Libc.account("no-such-user-here"));
    }
}
