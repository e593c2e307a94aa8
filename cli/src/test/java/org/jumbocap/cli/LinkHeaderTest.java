package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code read --link-header} (tcpdump's {@code -e}): each line is read's usual line with tcpdump's link-level
 * text after the time, the text tcpdump -nn -e prints after its timestamp for the same frame (MACs, ethertype,
 * length, and an 802.1Q tag's "vlan ID, p PRIORITY, ethertype ..."). Frames of other link types (Linux cooked
 * SLL2) get nothing added.
 */
class LinkHeaderTest {
    private static List<String> tcpdump(String file) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("tcpdump", "-nn", "-e", "-r", file).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "tcpdump is installed");
            throw e;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        // a tunnelled frame's inner packet goes on lines of its own (VXLAN): a frame's line starts with its time
        return out.lines().filter(l -> l.matches("\\d\\d:\\d\\d:\\d\\d\\.\\d+ .*")).toList();
    }

    /** The text between the time and the endpoints, once checked that the rest is the usual line. */
    private static String inserted(String plain, String withHeader) {
        int afterTime = plain.indexOf(' ', plain.stripLeading().indexOf(' ') + (plain.length() - plain.stripLeading().length()) + 1) + 1;
        assertEquals(plain.substring(0, afterTime), withHeader.substring(0, afterTime), "number and time");
        assertTrue(withHeader.endsWith(plain.substring(afterTime)), withHeader);
        return withHeader.substring(afterTime, withHeader.length() - (plain.length() - afterTime));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipv6-bigtcp-veth.pcap", "ipv4-bigtcp-veth.pcap", "arp-veth.pcap", "dns-veth.pcap",
        "ipv6-bigtcp-vlan.pcap", "ipv6-bigtcp-vxlan.pcap", "tls-veth.pcap", "ipv6-bigtcp-veth.pcapng"})
    void isTcpdumpsLinkTextBeforeTheUsualLine(String sample) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        Cli.Result plain = Cli.run("read", file);
        Cli.Result mine = Cli.run("read", "--link-header", file);
        assertEquals(0, mine.code(), mine.err());
        List<String> theirs = tcpdump(file);
        assertEquals(plain.outLines().size(), mine.outLines().size());
        assertEquals(theirs.size(), mine.outLines().size(), "one tcpdump line a frame");
        for (int i = 0; i < theirs.size(); i++) {
            String header = inserted(plain.outLines().get(i), mine.outLines().get(i));
            assertFalse(header.isEmpty(), sample + " frame " + (i + 1));
            String tcpdumpLine = theirs.get(i);
            String afterTimestamp = tcpdumpLine.substring(tcpdumpLine.indexOf(' ') + 1);
            assertTrue(afterTimestamp.startsWith(header), sample + " frame " + (i + 1) + ":\n" + header + "\n" + afterTimestamp);
        }
    }

    @Test
    void otherLinkTypesKeepTheUsualLine() {
        String file = Cli.SAMPLES.resolve("ipv6-bigtcp-any-sll2.pcap").toString();
        Cli.Result plain = Cli.run("read", file);
        Cli.Result mine = Cli.run("read", "--link-header", file);
        assertEquals(0, mine.code(), mine.err());
        assertEquals(plain.out(), mine.out());
    }

    @Test
    void tcpdumpsDashEWithNoFieldIsTheLinkHeader() {
        String file = Cli.SAMPLES.resolve("arp-veth.pcap").toString();
        Cli.Result wanted = Cli.run("read", "--link-header", file);
        assertTrue(wanted.out().contains("3e:f2:b0:86:07:13 > ff:ff:ff:ff:ff:ff, ethertype ARP (0x0806), length 42: "), wanted.out());
        for (List<String> habit : List.of(List.of("read", file, "-e"), List.of("read", "-e", "-r", file),
                List.of("-r", file, "-e"))) {
            Cli.Result r = Cli.run(habit.toArray(String[]::new));
            assertEquals(0, r.code(), habit + ": " + r.err());
            assertEquals(wanted.out(), r.out(), habit.toString());
        }
        // a word after -e is a field name, tshark's -e: outside -T fields the line names --link-header
        Cli.Result field = Cli.run("read", "-e", "frame.number", file);
        assertEquals(2, field.code());
        assertTrue(field.err().contains("--link-header"), field.err());
        Cli.Result json = Cli.run("read", "--link-header", "-T", "json", file);
        assertEquals(2, json.code());
        assertTrue(json.err().contains("-T text"), json.err());
        assertEquals(1, new ArrayList<>(json.err().strip().lines().toList()).size(), json.err());
    }
}
