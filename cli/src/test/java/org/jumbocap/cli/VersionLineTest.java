package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code --version} names what a bug report needs: the version, the commit, Java and the libpcap found. */
class VersionLineTest {
    @Test
    void versionNamesTheCommitJavaAndLibpcap() throws Exception {
        Cli.Result r = Cli.run("--version");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().strip().split("\n");
        assertEquals(3, lines.length, r.out());
        assertTrue(lines[0].matches("jumbocap \\d+\\.\\d+\\.\\d+\\S* \\(commit ([0-9a-f]{10}(\\+changes)?|unknown)\\)"),
                lines[0]);
        // in a clone (not a linked work tree, whose HEAD the build plugin does not see) it is the clone's HEAD
        Path top = Path.of("..").toAbsolutePath().normalize();
        if (Files.isDirectory(top.resolve(".git"))) {
            Process git = new ProcessBuilder("git", "-C", top.toString(), "rev-parse", "--short=10", "HEAD")
                    .redirectErrorStream(true).start();
            String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, git.waitFor(), head);
            assertTrue(lines[0].contains("(commit " + head), lines[0] + " / HEAD " + head);
        }
        assertTrue(lines[1].startsWith("Java " + System.getProperty("java.version")), lines[1]);
        assertTrue(lines[2].startsWith("libpcap version ") || lines[2].startsWith("libpcap was not found"), lines[2]);
    }
}
