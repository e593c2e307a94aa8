package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jumbocap.io.FrameRecord;
import org.junit.jupiter.api.Test;

class ReadCommandTest {
    private static final Pattern SUMMARY = Pattern.compile("^ *(\\d+) (\\S+) (.+) → (\\S+) (\\S+) (\\d+) .*$");
    private static final Pattern MARK = Pattern.compile("\\[(JUMBO|BIG TCP) (ipv6-hbh|ipv6-zero-length|ipv4-zero-length) ([0-9,]+) B\\]");

    @Test
    void onePrintedLinePerFrameOfEveryKernelSample() {
        List<Path> samples = Cli.kernelSamples();
        assertFalse(samples.isEmpty(), "kernel samples present");
        for (Path sample : samples) {
            List<FrameRecord> frames = Cli.frames(sample);
            Cli.Result r = Cli.run("read", sample.toString());
            assertEquals(0, r.code(), sample + ": " + r.err());
            List<String> lines = r.outLines();
            assertEquals(frames.size(), lines.size(), sample.toString());
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = SUMMARY.matcher(lines.get(i));
                assertTrue(m.matches(), sample + ": " + lines.get(i));
                assertEquals(frames.get(i).number(), Long.parseLong(m.group(1)));
                assertEquals(frames.get(i).originalLength(), Long.parseLong(m.group(6)), lines.get(i));
            }
        }
    }

    @Test
    void jsonTimesKeepTheirNanoseconds() {
        // A double cannot hold nanoseconds at epoch scale; JSON prints the exact decimal as tshark does.
        Path nsec = Cli.SAMPLES.resolve("ipv6-bigtcp-veth-nsec.pcap");
        FrameRecord first = Cli.frames(nsec).get(0);
        String expected = String.format(Locale.ROOT, "%d.%09d", first.timestampNanos() / 1_000_000_000L,
                first.timestampNanos() % 1_000_000_000L);
        Cli.Result r = Cli.run("read", "-c", "1", "-T", "ndjson", nsec.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"frame.time_epoch\":" + expected), r.out());
    }

    @Test
    void aFilterOnTheQuotedSegmentOfAnIcmpErrorKeepsTheFrame() {
        // The fast summary does not see the TCP segment an ICMPv6 error quotes; the tree does. The
        // filter must fall back to the tree there instead of dropping the frame.
        String file = Cli.SAMPLES.resolve("crafted/transport-icmpv6-packet-too-big-jumbo.pcap").toString();
        Cli.Result r = Cli.run("read", "-Y", "tcp.port == 5201", file);
        assertEquals(0, r.code(), r.err());
        assertEquals(1, r.outLines().size(), r.out());
        // The line describes the ICMPv6 error itself, not the quoted jumbogram.
        assertTrue(r.outLines().get(0).contains("ICMPv6"), r.out());
        assertFalse(MARK.matcher(r.outLines().get(0)).find(), r.out());
    }

    @Test
    void jumbogramsCarryTheirRealLengthAsTsharkReadsIt() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        List<String[]> tsv = Cli.tsharkFields(sample);
        int jumboColumn = Cli.column(tsv, "ipv6.opt.jumbo");
        List<String> lines = Cli.run("read", sample.toString()).outLines();
        assertEquals(tsv.size() - 1, lines.size());
        int jumbos = 0;
        for (int i = 0; i < lines.size(); i++) {
            String tsharkJumbo = tsv.get(i + 1)[jumboColumn];
            Matcher m = MARK.matcher(lines.get(i));
            if (tsharkJumbo.isEmpty()) {
                assertFalse(m.find(), lines.get(i));
            } else {
                jumbos++;
                assertTrue(m.find(), lines.get(i));
                assertEquals("JUMBO", m.group(1));
                assertEquals("ipv6-hbh", m.group(2));
                assertEquals(Long.parseLong(tsharkJumbo), Long.parseLong(m.group(3).replace(",", "")), lines.get(i));
            }
        }
        assertTrue(jumbos > 0, "the sample holds jumbograms");
    }

    @Test
    void superPacketsOfEveryKernelSampleAreMarked() {
        for (Path sample : Cli.kernelSamples()) {
            List<FrameRecord> frames = Cli.frames(sample);
            List<String> lines = Cli.run("read", sample.toString()).outLines();
            for (int i = 0; i < frames.size(); i++) {
                // no link layer plus IPv4 or IPv6 header fits a >64 KB packet without a jumbo rule
                if (frames.get(i).originalLength() > 65535 + 80) {
                    assertTrue(MARK.matcher(lines.get(i)).find(), sample + ": " + lines.get(i));
                }
            }
        }
    }

    @Test
    void fieldsAgreeWithTsharkForSharedNames() {
        List<String> names = List.of("frame.number", "frame.len", "frame.cap_len", "tcp.srcport", "tcp.dstport", "tcp.len");
        List<String> transport = List.of("tcp.srcport", "tcp.dstport", "tcp.len");
        for (Path sample : Cli.kernelSamples()) {
            List<String[]> tsv = Cli.tsharkFields(sample);
            List<String> args = new java.util.ArrayList<>(List.of("read", "-T", "fields"));
            for (String n : names) {
                args.add("-e");
                args.add(n);
            }
            args.addAll(List.of("-e", "ip.flags.mf", "-e", "ip.frag_offset", "-E", "occurrence=f", sample.toString()));
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            List<String> lines = r.outLines();
            assertEquals(tsv.size() - 1, lines.size(), sample.toString());
            int compared = 0;
            for (int i = 0; i < lines.size(); i++) {
                String[] ours = lines.get(i).split("\t", -1);
                assertEquals(names.size() + 2, ours.length, lines.get(i));
                // tshark reassembles IPv4 fragments (the VXLAN underlay) and shows the inner TCP on the last one
                boolean fragment = ours[names.size()].equals("1") || !ours[names.size() + 1].matches("0?");
                for (int c = 0; c < names.size(); c++) {
                    if (fragment && transport.contains(names.get(c))) {
                        continue;
                    }
                    String theirs = tsv.get(i + 1)[Cli.column(tsv, names.get(c))];
                    if (names.get(c).startsWith("tcp.") && theirs.contains(",")) {
                        theirs = theirs.substring(0, theirs.indexOf(','));
                    }
                    assertEquals(theirs, ours[c], sample + " frame " + (i + 1) + " " + names.get(c));
                    compared++;
                }
            }
            assertTrue(compared > names.size() * lines.size() / 2, sample + ": most cells compared");
        }
    }

    /**
     * Every field name the issue lists, on every kernel sample, against tshark's recorded output. Where
     * jumbocap differs on purpose the test says why and checks jumbocap's own value instead:
     * <ul>
     * <li>{@code ip.len} of an IPv4 BIG TCP super-packet: the wire holds 0 and jumbocap shows 0 (with
     * {@code jumbo.length} beside it); tshark replaces it with a "presumed TSO" length, which must equal
     * jumbocap's real total length, header included.</li>
     * <li>IPv4 fragments (the VXLAN underlay): tshark reassembles them and shows the inner packet on the last
     * fragment; jumbocap does not reassemble, so the layers above IPv4 are not compared there.</li>
     * </ul>
     */
    @Test
    void everySharedFieldAgreesWithTsharkOrSaysWhyNot() {
        List<String> names = List.of("frame.len", "frame.cap_len", "ip.len", "ip.proto", "ipv6.plen", "ipv6.opt.jumbo",
                "tcp.srcport", "tcp.dstport", "tcp.seq_raw", "tcp.len", "udp.length");
        List<String> aboveIpv4 = List.of("ipv6.plen", "ipv6.opt.jumbo", "tcp.srcport", "tcp.dstport", "tcp.seq_raw",
                "tcp.len", "udp.length");
        for (Path sample : Cli.kernelSamples()) {
            List<String[]> tsv = Cli.tsharkFields(sample);
            List<String> args = new java.util.ArrayList<>(List.of("read", "-T", "fields", "-E", "occurrence=a", "-E", "aggregator=,"));
            for (String n : names) {
                args.add("-e");
                args.add(n);
            }
            args.addAll(List.of("-e", "ip.flags.mf", "-e", "ip.frag_offset", "-e", "jumbo.kind", "-e", "jumbo.length",
                    "-e", "ip.hdr_len", sample.toString()));
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            List<String> lines = r.outLines();
            assertEquals(tsv.size() - 1, lines.size(), sample.toString());
            int compared = 0;
            int bigTcpIpv4 = 0;
            for (int i = 0; i < lines.size(); i++) {
                String[] ours = lines.get(i).split("\t", -1);
                int extra = names.size();
                boolean fragment = ours[extra].contains("1") || !ours[extra + 1].matches("[0,]*");
                for (int c = 0; c < names.size(); c++) {
                    String name = names.get(c);
                    String theirs = tsv.get(i + 1)[Cli.column(tsv, name)];
                    if (fragment && (aboveIpv4.contains(name) || name.equals("ip.proto") || name.equals("ip.len"))) {
                        continue;
                    }
                    if (name.equals("ip.len") && ours[extra + 2].equals("ipv4-zero-length")) {
                        assertEquals("0", ours[c], "the wire value stays 0");
                        long realTotal = Long.parseLong(ours[extra + 3]) + Long.parseLong(ours[extra + 4]);
                        assertEquals(theirs, Long.toString(realTotal), sample + " frame " + (i + 1) + ": tshark's presumed length");
                        bigTcpIpv4++;
                        continue;
                    }
                    assertEquals(theirs, ours[c], sample + " frame " + (i + 1) + " " + name);
                    compared++;
                }
            }
            // frame.len and frame.cap_len always; more wherever the frame is not an IPv4 fragment
            assertTrue(compared > 3 * lines.size(), sample + ": cells beyond the frame lengths compared");
            if (sample.getFileName().toString().startsWith("ipv4-bigtcp")) {
                assertTrue(bigTcpIpv4 > 0, sample + " has IPv4 BIG TCP super-packets");
            }
        }
    }

    @Test
    void fieldOptionsShapeTheColumns() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        Cli.Result r = Cli.run("read", "-T", "fields", "-e", "frame.number", "-e", "tcp.port", "-E", "header=y",
                "-E", "separator=,", "-E", "quote=d", "-E", "aggregator=/s", "-c", "12", sample.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.outLines();
        assertEquals(13, lines.size());
        assertEquals("frame.number,tcp.port", lines.get(0)); // tshark quotes the values, not the header
        String tcpLine = lines.stream().filter(l -> l.matches("\"\\d+\",\"\\d+ \\d+\"")).findFirst().orElseThrow();
        assertTrue(tcpLine.contains("5201"), tcpLine);
        Cli.Result first = Cli.run("read", "-T", "fields", "-e", "tcp.port", "-E", "occurrence=f", "-c", "12", sample.toString());
        assertTrue(first.outLines().stream().allMatch(l -> l.matches("\\d*")), first.out());
    }

    @SuppressWarnings("unchecked")
    @Test
    void jsonIsOneValidArrayWithLayersAndExperts() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        List<FrameRecord> frames = Cli.frames(sample);
        Cli.Result r = Cli.run("read", "-T", "json", sample.toString());
        assertEquals(0, r.code(), r.err());
        List<Object> array = (List<Object>) MiniJson.parse(r.out());
        assertEquals(frames.size(), array.size());
        boolean sawJumbo = false;
        for (int i = 0; i < array.size(); i++) {
            Map<String, Object> frame = (Map<String, Object>) array.get(i);
            assertEquals(frames.get(i).number(), frame.get("number"));
            assertEquals(frames.get(i).originalLength(), frame.get("frame_len"));
            List<Map<String, Object>> layers = (List<Map<String, Object>>) frame.get("layers");
            assertEquals("frame", layers.get(0).get("protocol"));
            String protocols = String.join(":", layers.stream().skip(1).map(l -> (String) l.get("protocol")).toList());
            assertEquals(frame.get("protocols"), protocols);
            for (Map<String, Object> layer : layers) {
                if (layer.get("protocol").equals("ipv6")) {
                    Map<String, Object> fields = (Map<String, Object>) layer.get("fields");
                    if (fields.containsKey("jumbo_tree") || fields.containsKey("jumbo")) {
                        sawJumbo = true;
                        assertEquals(0L, fields.get("ipv6.plen"), "a jumbogram's payload length field is 0");
                    }
                }
            }
            for (Map<String, Object> e : (List<Map<String, Object>>) frame.get("experts")) {
                assertTrue(((String) e.get("id")).contains("."), e.toString());
                assertTrue(List.of("chat", "note", "warn", "error").contains(e.get("severity")), e.toString());
            }
        }
        assertTrue(sawJumbo, "the jumbograms' ipv6 layers carry the jumbo verdict");

        Cli.Result nd = Cli.run("read", "-T", "ndjson", sample.toString());
        List<String> lines = nd.outLines();
        assertEquals(frames.size(), lines.size());
        for (int i = 0; i < lines.size(); i++) {
            assertEquals(array.get(i), MiniJson.parse(lines.get(i)), "ndjson line " + (i + 1) + " equals the array element");
        }
    }

    @Test
    void verboseTreeShowsJumboFieldsAndExpertsButNoHiddenFields() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        Cli.Result r = Cli.run("read", "-V", "-x", "--max-hex-bytes", "32", sample.toString());
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        assertTrue(out.contains("[Kind: ipv6-hbh]"), "generated jumbo fields in brackets");
        assertTrue(out.contains("[Expert Info ("), "expert items under their fields");
        assertFalse(out.contains("Source or Destination Port"), "hidden tcp.port left out");
        assertTrue(out.toLowerCase(Locale.ROOT).contains("more bytes not shown"), "hex dump capped");
        assertFalse(out.contains("\u001b["), "no colour when not on a terminal");
    }

    @Test
    void countStopsAfterNFramesAndTimeFormatsDiffer() {
        Path sample = Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        assertEquals(5, Cli.run("read", "-c", "5", sample.toString()).outLines().size());
        String relative = Cli.run("read", "-c", "1", sample.toString()).outLines().get(0);
        String epoch = Cli.run("read", "-c", "1", "-t", "e", sample.toString()).outLines().get(0);
        String absolute = Cli.run("read", "-c", "1", "-t", "a", sample.toString()).outLines().get(0);
        assertTrue(relative.matches(" *1 0\\.0+ .*"), relative);
        long seconds = Cli.frames(sample).get(0).timestampNanos() / 1_000_000_000L;
        assertTrue(epoch.matches(" *1 " + seconds + "\\.\\d{6,9} .*"), epoch);
        assertTrue(absolute.matches(" *1 \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6,9} .*"), absolute);
    }
}
