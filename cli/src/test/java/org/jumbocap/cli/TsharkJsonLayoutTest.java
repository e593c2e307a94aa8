package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code read -T json --json-layout tshark} and {@code read -T ek} against tshark 4.0's own {@code -T json
 * --no-duplicate-keys} and {@code -T ek} on the samples small enough to run tshark on in a test (a super-packet's
 * payload is 550 KB of JSON; the loss and snaplen samples' super-packets are cut to 200 bytes), IP reassembly off
 * and the IPv4 checksum checked, as jumbocap does: the envelope (_index, _type, _score; the bulk index line, the
 * timestamp) equal, and every field the two share in the eth, ip, ipv6, tcp, udp, icmpv6, arp and dns layers, at
 * every depth, equal, but for two on purpose:
 * <ul>
 * <li>{@code tcp.options.sack_le} / {@code sack_re}: tshark's are relative to the conversation's first sequence
 * number, jumbocap's tree has them as sent (ipv6-bigtcp-loss.pcap frame 74: 2846890 vs 3831903005);</li>
 * <li>{@code ip.len} of an IPv4 BIG TCP super-packet: 0 on the wire, which jumbocap keeps; tshark writes the
 * length it presumes (ipv4-bigtcp-veth.pcap frame 21: 183948), see samples/expected/README.md;</li>
 * <li>{@code tcp.checksum.status} / {@code udp.checksum.status}: jumbocap's verdict, 1 (good) or 5 (offloaded: the
 * pseudo-header sum left for the NIC), where tshark, which checks no TCP or UDP checksum unless asked, writes 2
 * (unverified) for every frame.</li>
 * </ul>
 * tshark's ek repeats a key where a field occurs twice ("eth_eth_addr"); jumbocap writes one key with an array,
 * whose last value is then the one a JSON reader keeps of tshark's.
 */
class TsharkJsonLayoutTest {
    private static final List<String> LAYERS = List.of("eth", "ip", "ipv6", "tcp", "udp", "icmpv6", "arp", "dns");
    private static final ObjectMapper LENIENT = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"arp-veth.pcap", "dns-veth.pcap", "tls-veth.pcap", "ipv6-bigtcp-loss.pcap",
        "ipv6-bigtcp-snaplen.pcap", "ipv4-bigtcp-veth.pcap"})
    void jsonIsTsharksOnTheFieldsBothHave(String sample) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        List<?> theirs = (List<?>) LENIENT.readValue(ToolOutput.tshark(List.of("-o", "ip.check_checksum:TRUE"), "-r", file, "--no-duplicate-keys", "-T", "json"), Object.class);
        Cli.Result r = Cli.run("read", "-T", "json", "--json-layout", "tshark", file);
        assertEquals(0, r.code(), r.err());
        List<?> mine = (List<?>) MiniJson.parse(r.out());
        assertEquals(theirs.size(), mine.size());
        int[] compared = new int[1];
        for (int i = 0; i < theirs.size(); i++) {
            Map<?, ?> t = (Map<?, ?>) theirs.get(i);
            Map<?, ?> m = (Map<?, ?>) mine.get(i);
            for (String k : List.of("_index", "_type", "_score")) {
                assertEquals(t.get(k), m.get(k), sample + " frame " + (i + 1) + " " + k);
            }
            Map<?, ?> tl = (Map<?, ?>) ((Map<?, ?>) t.get("_source")).get("layers");
            Map<?, ?> ml = (Map<?, ?>) ((Map<?, ?>) m.get("_source")).get("layers");
            for (String layer : LAYERS) {
                if (tl.get(layer) instanceof Map<?, ?> a && ml.get(layer) instanceof Map<?, ?> b) {
                    same(sample + " frame " + (i + 1), a, b, compared);
                }
            }
        }
        assertTrue(compared[0] > 10 * theirs.size(), sample + ": fields compared " + compared[0]);
    }

    private static void same(String where, Map<?, ?> theirs, Map<?, ?> mine, int[] compared) {
        for (Map.Entry<?, ?> e : theirs.entrySet()) {
            Object key = e.getKey();
            if (!mine.containsKey(key) || deliberate(where, key, mine.get(key))) {
                continue;
            }
            if (e.getValue() instanceof Map<?, ?> t && mine.get(key) instanceof Map<?, ?> m) {
                same(where, t, m, compared);
            } else {
                assertEquals(e.getValue(), mine.get(key), where + " " + key);
                compared[0]++;
            }
        }
    }

    private static boolean deliberate(String where, Object key, Object mine) {
        return key.equals("tcp.options.sack_le") || key.equals("tcp.options.sack_re")
                || key.equals("tcp_tcp_options_sack_le") || key.equals("tcp_tcp_options_sack_re")
                || where.startsWith("ipv4-bigtcp") && (key.equals("ip.len") || key.equals("ip_ip_len")) && "0".equals(mine)
                || key.toString().matches("(tcp|udp)[._](tcp|udp)?_?checksum[._]status");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dns-veth.pcap", "ipv6-bigtcp-loss.pcap", "ipv4-bigtcp-veth.pcap"})
    void ekIsTsharksOnTheFieldsBothHave(String sample) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        List<String> theirs = List.of(ToolOutput.tshark(List.of("-o", "ip.check_checksum:TRUE"), "-r", file, "-T", "ek").split("\n"));
        Cli.Result r = Cli.run("read", "-T", "ek", file);
        assertEquals(0, r.code(), r.err());
        List<String> mine = r.outLines();
        assertEquals(theirs.size(), mine.size());
        int[] compared = new int[1];
        for (int i = 0; i < theirs.size(); i += 2) {
            String where = sample + " frame " + (i / 2 + 1);
            assertEquals(theirs.get(i), mine.get(i), where + ": the index line");
            Map<?, ?> t = (Map<?, ?>) LENIENT.readValue(theirs.get(i + 1), Object.class);
            Map<?, ?> m = (Map<?, ?>) MiniJson.parse(mine.get(i + 1));
            assertEquals(t.get("timestamp"), m.get("timestamp"), where);
            Map<?, ?> tl = (Map<?, ?>) t.get("layers");
            Map<?, ?> ml = (Map<?, ?>) m.get("layers");
            for (String layer : LAYERS) {
                if (tl.get(layer) instanceof Map<?, ?> a && ml.get(layer) instanceof Map<?, ?> b) {
                    for (Map.Entry<?, ?> e : a.entrySet()) {
                        Object value = b.get(e.getKey());
                        if (value == null || deliberate(where, e.getKey(), value)) {
                            continue;
                        }
                        // a key tshark repeats: the value a reader keeps is its last
                        Object expected = value instanceof List<?> list && !(e.getValue() instanceof List<?>)
                                ? list.get(list.size() - 1) : value;
                        assertEquals(e.getValue(), expected, where + " " + e.getKey());
                        compared[0]++;
                    }
                }
            }
        }
        assertTrue(compared[0] > 10 * theirs.size() / 2, sample + ": fields compared " + compared[0]);
    }

    /**
     * tshark's {@code -T ek -e FIELD...} byte for byte, and {@code -T json -e FIELD...} as JSON: the chosen fields alone,
     * each an array of its values as {@code -T fields} prints them (bytes as hex, frame.time in tshark's format), a
     * field the frame lacks left out.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = ';', value = {
        "dns-veth.pcap;frame.number,ip.src,dns.qry.name,tcp.flags.syn,eth.src,udp.length",
        "http-veth.pcap;frame.number,tcp.payload,http.request.method,ipv6.src,frame.time,_ws.col.Protocol",
        "ipv6-bigtcp-veth.pcap;frame.number,ipv6.opt.jumbo,tcp.len,tcp.seq,frame.len"})
    void chosenFieldsAreTsharks(String sample, String names) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        List<String> args = new java.util.ArrayList<>(List.of("-r", file));
        for (String n : names.split(",")) {
            args.add("-e");
            args.add(n);
        }
        List<String> ek = new java.util.ArrayList<>(args);
        ek.addAll(List.of("-T", "ek"));
        Cli.Result mine = Cli.run(ek.toArray(String[]::new));
        assertEquals(0, mine.code(), mine.err());
        assertEquals(ToolOutput.tshark(List.of(), ek.toArray(String[]::new)), mine.out(), sample + " -T ek");
        List<String> json = new java.util.ArrayList<>(args);
        json.addAll(List.of("-T", "json"));
        Cli.Result mineJson = Cli.run(json.toArray(String[]::new));
        assertEquals(0, mineJson.code(), mineJson.err());
        assertEquals(LENIENT.readValue(ToolOutput.tshark(List.of(), json.toArray(String[]::new)), Object.class),
                LENIENT.readValue(mineJson.out(), Object.class), sample + " -T json");
    }

    /**
     * {@code -T psml}: tshark's own output but for the creator line on the ARP sample, whose Info texts are
     * tshark's too; on the others every section but Info (jumbocap's, see TsharkFieldsParityTest).
     */
    @ParameterizedTest
    @ValueSource(strings = {"arp-veth.pcap", "dns-veth.pcap", "ipv6-bigtcp-veth.pcap"})
    void psmlIsTsharks(String sample) throws Exception {
        String file = Cli.SAMPLES.resolve(sample).toString();
        List<String> theirs = List.of(ToolOutput.tshark(List.of("-o", "ip.check_checksum:TRUE"), "-r", file, "-T", "psml").split("\n", -1));
        Cli.Result r = Cli.run("read", "-T", "psml", file);
        assertEquals(0, r.code(), r.err());
        List<String> mine = List.of(r.out().split("\n", -1));
        assertEquals(theirs.size(), mine.size(), sample);
        assertEquals("<psml version=\"0\" creator=\"jumbocap\">", mine.get(1));
        int packetLine = 0;
        for (int i = 0; i < theirs.size(); i++) {
            packetLine = theirs.get(i).equals("<packet>") ? 0 : packetLine + 1;
            boolean info = packetLine == 7 && theirs.get(i).startsWith("<section>");
            if (i != 1 && (!info || sample.equals("arp-veth.pcap"))) {
                assertEquals(theirs.get(i), mine.get(i), sample + " line " + (i + 1));
            }
        }
    }
}
