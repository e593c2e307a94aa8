package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The completion script, run by bash: what a TAB after -i, -e and a command word offers. */
class CompletionCommandTest {
    @TempDir
    static Path dir;
    static Path script;

    @BeforeAll
    static void writeScript() throws IOException {
        Cli.Result r = Cli.run("completion");
        assertEquals(0, r.code(), r.err());
        script = dir.resolve("jumbocap.bash");
        Files.writeString(script, r.out());
    }

    /** The words bash offers for the command line {@code words}, completing its last word. */
    private static List<String> complete(String... words) throws Exception {
        StringBuilder array = new StringBuilder();
        for (String w : words) {
            array.append(" '").append(w).append('\'');
        }
        String program = "source '" + script + "'\n"
                + "COMP_WORDS=(" + array + ")\n"
                + "COMP_CWORD=" + (words.length - 1) + "\n"
                + "COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE}\n"
                + "$(complete -p jumbocap | sed 's/.*-F \\([^ ]*\\).*/\\1/') jumbocap\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Process p = new ProcessBuilder("bash", "-c", program).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return Arrays.asList(out.strip().split("\n"));
    }

    @Test
    void interfaceCompletesTheInterfacesOfTheRunningSystem() throws Exception {
        String[] system = Path.of("/sys/class/net").toFile().list();
        assertTrue(system != null && Arrays.asList(system).contains("lo"), "a Linux machine with lo");
        assertEquals(List.of("lo"), complete("jumbocap", "capture", "-i", "l"));
        assertTrue(complete("jumbocap", "check", "--interface", "").containsAll(Arrays.asList(system)));
    }

    @Test
    void fieldCompletesTheDeclaredFieldNames() throws Exception {
        List<String> offered = complete("jumbocap", "read", "-e", "ipv6.opt.jum");
        assertTrue(offered.contains("ipv6.opt.jumbo"), offered.toString());
        assertTrue(offered.stream().allMatch(w -> w.startsWith("ipv6.opt.jum")), offered.toString());
    }

    @Test
    void displayFilterAndColumnsComplete() throws Exception {
        List<String> filter = complete("jumbocap", "read", "-Y", "ipv6.opt.jum");
        assertTrue(filter.contains("ipv6.opt.jumbo"), filter.toString());
        assertTrue(filter.stream().allMatch(w -> w.startsWith("ipv6.opt.jum")), filter.toString());
        assertTrue(complete("jumbocap", "stats", "--display-filter", "tcp.analysis.retr").contains("tcp.analysis.retransmission"));
        List<String> columns = complete("jumbocap", "read", "-e", "_ws.col.I");
        assertEquals(List.of("_ws.col.Info"), columns);
    }

    /** tshark's -r and -w (and read's, segment's, export's -w): the capture files whose names start so. */
    @Test
    void readAndWriteCompleteFileNames() throws Exception {
        String prefix = Cli.SAMPLES.resolve("ipv6-bigtcp-vl").toString();
        List<String> expected = List.of(Cli.SAMPLES.resolve("ipv6-bigtcp-vlan.pcap").toString());
        assertEquals(expected, complete("jumbocap", "-r", prefix));
        assertEquals(expected, complete("jumbocap", "read", "-r", prefix));
        assertEquals(expected, complete("jumbocap", "read", "-w", prefix));
        assertEquals(expected, complete("jumbocap", "export", "--write", prefix));
    }

    @Test
    void otherWordsStillCompleteAsPicocliSaysSubcommandsAndOptions() throws Exception {
        assertTrue(complete("jumbocap", "st").contains("stats"));
        assertTrue(complete("jumbocap", "read", "--max-hex").contains("--max-hex-bytes"));
    }
}
