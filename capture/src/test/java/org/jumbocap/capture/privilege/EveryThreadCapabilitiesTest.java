package org.jumbocap.capture.privilege;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The signal handler's machine code as the GNU disassembler reads it: the capset system call on the two
 * addresses given, then a return, and nothing that touches memory or the stack. (That it works is shown in
 * {@link PrivilegeDropAsUserTest}, which reads every thread's status after.)
 */
class EveryThreadCapabilitiesTest {
    @TempDir
    Path dir;

    @Test
    void theHandlerIsCapsetOnTheGivenAddressesThenReturn() throws Exception {
        assumeTrue(new ProcessBuilder("objdump", "--version").start().waitFor() == 0, "objdump is not installed");
        Path code = dir.resolve("handler.bin");
        Files.write(code, EveryThreadCapabilities.handlerCode(0x1122334455667788L, 0x0102030405060708L));
        Process p = new ProcessBuilder("objdump", "-D", "--insn-width=16", "-b", "binary", "-m", "i386:x86-64", "-M", "intel", code.toString())
                .redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        p.waitFor(30, TimeUnit.SECONDS);
        List<String> instructions = text.lines().filter(l -> l.matches("\\s+[0-9a-f]+:\\t.*\\t.*"))
                .map(l -> l.substring(l.lastIndexOf('\t') + 1).replaceAll("\\s+", " ").trim()).toList();
        assertEquals(List.of("mov eax,0x7e", "movabs rdi,0x1122334455667788", "movabs rsi,0x102030405060708", "syscall",
                "ret"), instructions, text);
    }
}
