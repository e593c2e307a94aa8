package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * {@code read -T pdml} against tshark 4.0's own {@code -T pdml} (IP reassembly off, the IPv4 checksum checked, as
 * jumbocap does). Byte for byte: the document's head but for {@code creator} and {@code time}, each packet's
 * {@code geninfo} block and the frame layer's heading, the packets' framing and the end. Every field of
 * jumbocap's that tshark has at the same place (name and pos) has tshark's {@code show}, {@code size} and
 * {@code value} (for a bit field, tshark's {@code unmaskedvalue}, the bytes), but for these, on purpose:
 * <ul>
 * <li>{@code frame.protocols}: tshark lists its "ethertype" and "ipv6.hopopts" steps, jumbocap the layers
 * (eth:ethertype:ip:udp:dns against eth:ip:udp:dns);</li>
 * <li>{@code tcp.checksum.status}, {@code udp.checksum.status}: jumbocap's verdict, 5 (offloaded) or 1, where tshark,
 * which checks no TCP or UDP checksum unless asked, shows 2;</li>
 * <li>{@code tcp.options.sack_le}/{@code sack_re}: tshark's are relative, jumbocap's as sent (ipv6-bigtcp-loss
 * frame 74); {@code ip.len} of an IPv4 BIG TCP super-packet: 0 on the wire, where tshark shows the length it
 * presumes (ipv4-bigtcp-veth frame 21: 183948), see samples/expected/README.md;</li>
 * <li>{@code ipv6.tclass} and {@code ipv6.tclass.dscp}: tshark's field covers the 4 bytes of version, class and
 * flow label, jumbocap's the 2 that hold the class; the ICMPv6 Neighbor Advertisement flags, 4 bytes in
 * tshark, the 1 that holds them here;</li>
 * <li>the fields of a TLS record reassembled from several segments (tls-veth frames 18, 40 and 66): tshark's pos and
 * value are in the reassembled bytes, a data source of their own, which PDML does not name; jumbocap's value
 * is the frame's bytes at that pos.</li>
 * </ul>
 * An expert item is tshark's {@code _ws.expert} below the field it concerns; one tshark has too (tcp.analysis.*) has
 * tshark's place, message, severity and group; tshark's chats for SYN and FIN have no jumbocap item, and jumbocap's
 * jumbogram, offloaded-checksum and snaplen items none in tshark.
 * The shownames are jumbocap's tree texts (no bit diagrams, jumbocap's labels), and a field only one tool has
 * (tshark's hidden eth.addr_resolved, jumbocap's jumbo.* and frame.link_type) is not compared.
 */
class PdmlTest {
    private static final Set<String> DELIBERATE = Set.of("frame.protocols", "tcp.checksum.status", "udp.checksum.status",
            "tcp.options.sack_le", "tcp.options.sack_re", "ipv6.tclass", "ipv6.tclass.dscp", "icmpv6.nd.na.flag.r",
            "icmpv6.nd.na.flag.s", "icmpv6.nd.na.flag.o");

    @ParameterizedTest
    @ValueSource(strings = {"arp-veth.pcap", "dns-veth.pcap", "tls-veth.pcap", "ipv6-bigtcp-loss.pcap",
        "ipv4-bigtcp-veth.pcap", "ipv6-bigtcp-any-sll2.pcap"})
    void isTsharksOnTheFieldsBothHave(String sample) throws Exception {
        int sharedExperts = 0;
        String file = Cli.SAMPLES.resolve(sample).toString();
        String theirs = ToolOutput.tshark(List.of("-o", "ip.check_checksum:TRUE"), "-r", file, "-T", "pdml");
        Cli.Result r = Cli.run("read", "-T", "pdml", file);
        assertEquals(0, r.code(), r.err());
        String mine = r.out();

        List<String> t = theirs.lines().toList();
        List<String> m = mine.lines().toList();
        for (int i = 0; i < 3; i++) {
            assertEquals(t.get(i), m.get(i), sample + " line " + (i + 1));
        }
        String pdml = "<pdml version=\"0\" creator=\"\" time=\"\" capture_file=\"" + file + "\">";
        assertEquals(pdml, t.get(3).replaceAll("(creator|time)=\"[^\"]*\"", "$1=\"\""));
        assertEquals(pdml, m.get(3).replaceAll("(creator|time)=\"[^\"]*\"", "$1=\"\""));
        assertEquals(framing(t), framing(m), sample + ": packets, their geninfo and frame headings, the end");

        List<Element> tp = packets(theirs);
        List<Element> mp = packets(mine);
        assertEquals(tp.size(), mp.size());
        int compared = 0;
        for (int i = 0; i < tp.size(); i++) {
            Map<String, Deque<Element>> at = new HashMap<>();
            for (Element e : elements(tp.get(i))) {
                at.computeIfAbsent(e.getAttribute("name") + "@" + e.getAttribute("pos"), k -> new ArrayDeque<>()).add(e);
            }
            Map<String, Deque<Element>> experts = new HashMap<>();
            for (Element e : elements(tp.get(i))) {
                if (e.getAttribute("name").equals("_ws.expert")) {
                    experts.computeIfAbsent(firstChild(e).getAttribute("name"), k -> new ArrayDeque<>()).add(e);
                }
            }
            for (Element e : elements(mp.get(i))) {
                Deque<Element> same = at.get(e.getAttribute("name") + "@" + e.getAttribute("pos"));
                String name = e.getAttribute("name");
                if (name.equals("_ws.expert")) {
                    sharedExperts += sameExpert(sample + " frame " + (i + 1), experts.get(firstChild(e).getAttribute("name")), e);
                    continue;
                }
                if (name.startsWith("_ws.expert") || e.getParentNode() instanceof Element up && up.getAttribute("name").equals("_ws.expert")) {
                    continue; // compared with its expert item
                }
                if (same == null || same.isEmpty() || name.equals("geninfo") || DELIBERATE.contains(name)
                        || name.equals("ip.len") && sample.startsWith("ipv4-bigtcp") && e.getAttribute("show").equals("0")
                        || name.startsWith("tls.") && sample.equals("tls-veth.pcap") && (i + 1 == 18 || i + 1 == 40 || i + 1 == 66)) {
                    continue;
                }
                Element o = same.poll();
                String where = sample + " frame " + (i + 1) + " " + name + " at " + e.getAttribute("pos");
                assertEquals(o.getAttribute("show"), e.getAttribute("show"), where + ": show");
                assertEquals(o.getAttribute("size"), e.getAttribute("size"), where + ": size");
                String value = o.hasAttribute("unmaskedvalue") ? o.getAttribute("unmaskedvalue") : o.getAttribute("value");
                assertEquals(o.hasAttribute("value"), e.hasAttribute("value"), where + ": a value or none");
                assertEquals(value, e.getAttribute("value"), where + ": value");
                compared++;
            }
        }
        assertTrue(compared > 20 * tp.size(), sample + ": fields compared " + compared);
        // the loss sample's duplicate ACKs, retransmissions and lost segments
        assertTrue(!sample.equals("ipv6-bigtcp-loss.pcap") || sharedExperts >= 49, sample + ": expert items compared " + sharedExperts);
    }

    /**
     * An expert item tshark has too (the same name, tcp.analysis.duplicate_ack): at the same place, with the same
     * message, severity and group; 0 when tshark has none such (jumbocap's own: ipv6.jumbo.hbh, tcp.checksum.offloaded).
     */
    private static int sameExpert(String where, Deque<Element> theirs, Element mine) {
        if (theirs == null || theirs.isEmpty()) {
            return 0;
        }
        Element o = theirs.poll();
        String id = firstChild(mine).getAttribute("name");
        assertEquals(o.getAttribute("pos"), mine.getAttribute("pos"), where + " " + id + ": pos");
        assertEquals(o.getAttribute("showname"), mine.getAttribute("showname"), where + " " + id);
        List<Element> a = new ArrayList<>();
        List<Element> b = new ArrayList<>();
        walk(o, a);
        walk(mine, b);
        assertEquals(a.size(), b.size(), where + " " + id);
        for (int k = 0; k < a.size(); k++) {
            assertEquals(a.get(k).getAttribute("name"), b.get(k).getAttribute("name"), where + " " + id);
            assertEquals(a.get(k).getAttribute("show"), b.get(k).getAttribute("show"), where + " " + id + " " + a.get(k).getAttribute("name"));
        }
        return 1;
    }

    private static Element firstChild(Element e) {
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element child) {
                return child;
            }
        }
        return e;
    }

    /** The document with every packet's layers cut to the frame layer's heading line. */
    private static List<String> framing(List<String> lines) {
        List<String> kept = new ArrayList<>();
        boolean inLayers = false;
        for (String l : lines.subList(4, lines.size())) {
            if (l.startsWith("  <proto name=\"frame\" ")) {
                kept.add(l);
                inLayers = true;
            } else if (l.equals("</packet>")) {
                inLayers = false;
            }
            if (!inLayers) {
                kept.add(l);
            }
        }
        return kept;
    }

    private static List<Element> packets(String xml) throws Exception {
        NodeList list = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement().getElementsByTagName("packet");
        List<Element> packets = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            packets.add((Element) list.item(i));
        }
        return packets;
    }

    /** Every proto and field below a packet, in document order. */
    private static List<Element> elements(Element packet) {
        List<Element> all = new ArrayList<>();
        walk(packet, all);
        return all;
    }

    private static void walk(Node n, List<Element> into) {
        for (Node c = n.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element e) {
                into.add(e);
                walk(e, into);
            }
        }
    }

    /** A text from a packet is escaped for XML and never carries a raw control character. */
    @Test
    void textFromAPacketIsEscaped() {
        Cli.Result r = Cli.run("read", "-T", "pdml", Cli.SAMPLES.resolve("http-veth.pcap").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().chars().noneMatch(c -> c < 0x20 && c != '\n'), "no control character but the line ends");
        assertTrue(r.out().contains("<field name=\"http.request.method\""), "HTTP decoded");
        assertTrue(r.out().endsWith("</packet>\n\n\n</pdml>\n"));
    }
}
