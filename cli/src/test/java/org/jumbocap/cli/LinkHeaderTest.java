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
 * length, and an 802.1Q tag's "vlan ID, p PRIORITY, ethertype ..."), and for the other link types jumbocap reads
 * tcpdump's text for theirs.
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

    /**
     * The other link types jumbocap reads, against tcpdump -nn -e on the kernel's any-device capture (Linux cooked v2)
     * and the crafted one-link-type files: cooked v1 and v2, BSD null in either byte order, OpenBSD loopback, raw IP
     * (101, 12, 228, 229). tcpdump begins a cooked v2 line with an interface name it looks up by index on the machine
     * that reads the file ("interface names might be incorrect", it warns); jumbocap leaves that name out, so it is
     * taken off tcpdump's line before comparing.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ipv6-bigtcp-any-sll2.pcap", "crafted/link-sll2-ipv4-udp.pcap", "crafted/link-sll-ipv6-udp.pcap",
        "crafted/link-null-host-order.pcap", "crafted/link-null-unknown-family.pcap", "crafted/link-loop-ipv4-ipv6.pcap",
        "crafted/link-raw-101.pcap", "crafted/link-raw-12.pcap", "crafted/link-raw-bad-version.pcap",
        "crafted/link-ipv4-228.pcap", "crafted/link-ipv6-229.pcap"})
    void isTcpdumpsTextForTheOtherLinkTypes(String sample) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        Cli.Result plain = Cli.run("read", file);
        Cli.Result mine = Cli.run("read", "--link-header", file);
        assertEquals(0, mine.code(), mine.err());
        List<String> theirs = tcpdump(file);
        assertEquals(theirs.size(), mine.outLines().size(), "one tcpdump line a frame");
        boolean named = sample.contains("sll2");
        for (int i = 0; i < theirs.size(); i++) {
            String header = inserted(plain.outLines().get(i), mine.outLines().get(i));
            assertFalse(header.isEmpty(), sample + " frame " + (i + 1));
            String afterTimestamp = theirs.get(i).substring(theirs.get(i).indexOf(' ') + 1);
            if (named) {
                afterTimestamp = afterTimestamp.replaceFirst("^\\S+ +", "");
            }
            assertTrue(afterTimestamp.startsWith(header), sample + " frame " + (i + 1) + ":\n" + header + "\n" + afterTimestamp);
        }
    }

    /**
     * Raw IP numbered 14 (an OpenBSD DLT_RAW), which tcpdump 4.99 cannot read ("unknown data link type 14"), is raw
     * IP as 12 and 101 are: "ip: "; a link type jumbocap does not decode keeps the usual line.
     */
    @Test
    void rawIpFourteenAndUnknownLinkTypes() {
        String raw14 = Cli.SAMPLES.resolve("crafted/link-raw-14.pcap").toString();
        Cli.Result r = Cli.run("read", "--link-header", raw14);
        assertEquals(0, r.code(), r.err());
        Cli.Result plain = Cli.run("read", raw14);
        assertEquals("ip: ", inserted(plain.outLines().get(0), r.outLines().get(0)));
        String unknown = Cli.SAMPLES.resolve("crafted/link-unknown-147.pcap").toString();
        assertEquals(Cli.run("read", unknown).out(), Cli.run("read", "--link-header", unknown).out());
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
