package org.jumbocap.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jumbocap.checksum.ChecksumVerdict;
import org.jumbocap.cli.JumbocapCommand;
import org.jumbocap.export.ExportColumn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code jumbocap export} read back with DuckDB (an independent Parquet reader, C++), row by row against
 * {@code jumbocap read -T fields} of the same capture: every kernel sample and every crafted capture.
 */
class ExportCommandTest {
    private static final Path SAMPLES = Path.of("../samples");

    /** The fields of {@code read -T fields} that the export's columns stand for (last occurrence: innermost). */
    private static final String[] FIELDS = {"frame.number", "frame.time_epoch", "frame.len", "frame.cap_len",
            "frame.interface_id", "frame.link_type", "frame.cut", "ip.src", "ip.dst", "ipv6.src", "ipv6.dst",
            "tcp.srcport", "tcp.dstport", "udp.srcport", "udp.dstport", "jumbo.kind", "jumbo.length", "tcp.flags",
            "tcp.seq_raw", "tcp.ack_raw", "tcp.window_size_value", "tcp.len", "tcp.checksum.status", "vxlan.vni",
            "geneve.vni", "ipv6.plen", "ip.len", "ip.hdr_len", "frame.packet_flags", "frame.packet_flags_direction",
            "frame.gso.type", "frame.gso.size", "frame.gso.segments"};

    @TempDir
    Path tmp;

    static List<Path> captures() throws IOException {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> s = Files.list(SAMPLES)) {
            s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?")).sorted().forEach(all::add);
        }
        for (String dir : List.of("crafted", "crafted-files")) {
            // crafted-files: damaged captures, whose good frames must still be exported
            try (Stream<Path> s = Files.list(SAMPLES.resolve(dir))) {
                s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?")).sorted().forEach(all::add);
            }
        }
        return all;
    }

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = JumbocapCommand.create(new PrintWriter(out), new PrintWriter(err), false).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    /** Rows of a Parquet file as DuckDB reads them, by frame number, each column as text (null as null). */
    static Map<Long, Map<String, String>> duckRows(Path parquet, String where) {
        String sql = "SELECT *, epoch_us(time) AS time_us, array_to_string(expert_ids, ',') AS experts FROM read_parquet('"
                + parquet.toAbsolutePath() + "')" + (where == null ? "" : " WHERE " + where) + " ORDER BY file, frame_number";
        Map<Long, Map<String, String>> rows = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                Map<String, String> row = new HashMap<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    Object v = rs.getObject(i);
                    row.put(md.getColumnLabel(i), v == null ? null : String.valueOf(v));
                }
                rows.put(rs.getLong("frame_number"), row);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }

    /** {@code read -T fields} of a capture: one map of field to value per frame number, the last occurrence. */
    static Map<Long, Map<String, String>> fieldRows(Path capture, String occurrence, String... fields) {
        List<String> args = new ArrayList<>(List.of("read", "-T", "fields", "-E", "occurrence=" + occurrence));
        for (String f : fields) {
            args.add("-e");
            args.add(f);
        }
        args.add(capture.toString());
        Run r = run(args.toArray(String[]::new));
        Map<Long, Map<String, String>> rows = new LinkedHashMap<>();
        for (String line : r.out().split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] v = line.split("\t", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < fields.length; i++) {
                row.put(fields[i], v[i].isEmpty() ? null : v[i]);
            }
            rows.put(Long.parseLong(v[0]), row);
        }
        return rows;
    }

    @ParameterizedTest
    @MethodSource("captures")
    void everyRowMatchesReadFields(Path capture) {
        Path out = tmp.resolve("out.parquet");
        Run export = run("export", "-w", out.toString(), capture.toString());
        Run read = run("read", capture.toString());
        assertEquals(read.code(), export.code(), "exit code as read's: " + export.err());
        assertEquals(read.err().replace("jumbocap: ", ""), export.err().replace("jumbocap: ", ""),
                "the same one-line error as read");
        if (!Files.exists(out) || export.code() != 0 && read.out().isEmpty()) {
            return;
        }
        Map<Long, Map<String, String>> rows = duckRows(out, null);
        Map<Long, Map<String, String>> fields = fieldRows(capture, "l", FIELDS);
        Map<Long, Map<String, String>> experts = fieldRows(capture, "a", "frame.number", "expert.id");
        Map<Long, Map<String, String>> outer = fieldRows(capture, "f", "frame.number", "ip.src", "ip.dst", "ipv6.src",
                "ipv6.dst", "ipv6.plen", "ip.len", "ip.hdr_len");
        for (Map.Entry<Long, Map<String, String>> e : rows.entrySet()) {
            String proto = e.getValue().get("ip_proto");
            if (("1".equals(proto) || "58".equals(proto)) && "0".equals(e.getValue().get("tunnel_depth"))) {
                // an ICMP error quotes the packet that caused it, and the tree lists the quoted IP header last;
                // the row (like read's summary line) describes the packet the frame carries, the first one
                Map<String, String> expected = fields.get(e.getKey());
                expected.putAll(outer.get(e.getKey()));
                String length = expected.get("6".equals(e.getValue().get("ip_version")) ? "ipv6.plen" : "ip.len");
                if (length != null && !length.equals("0")) {
                    // the jumbo fields are the quoted packet's: the packet carrying the error is no jumbogram
                    expected.put("jumbo.kind", null);
                    expected.put("jumbo.length", null);
                }
            }
        }
        assertEquals(fields.keySet(), rows.keySet(), "one row per frame read shows");
        for (Map.Entry<Long, Map<String, String>> e : rows.entrySet()) {
            compare(capture + " frame " + e.getKey(), e.getValue(), fields.get(e.getKey()), experts.get(e.getKey()));
        }
    }

    private static void compare(String where, Map<String, String> row, Map<String, String> f, Map<String, String> x) {
        assertEquals(f.get("frame.number"), row.get("frame_number"), where);
        BigDecimal epoch = new BigDecimal(f.get("frame.time_epoch"));
        assertEquals(0, epoch.compareTo(new BigDecimal(row.get("time_ns")).movePointLeft(9)), where + " time_ns");
        assertEquals(Long.parseLong(row.get("time_ns")) / 1000, Long.parseLong(row.get("time_us")), where + " time");
        assertEquals(f.get("frame.len"), row.get("frame_length"), where);
        assertEquals(f.get("frame.cap_len"), row.get("captured_length"), where);
        assertEquals(f.get("frame.interface_id"), row.get("interface_id"), where);
        assertEquals(f.get("frame.link_type"), row.get("link_type"), where);
        assertEquals(Boolean.parseBoolean(f.get("frame.cut")) || "1".equals(f.get("frame.cut")),
                Boolean.parseBoolean(row.get("cut")), where + " cut");
        String version = row.get("ip_version");
        String v6 = "6".equals(version) ? "ipv6." : "ip.";
        if (version != null) {
            assertEquals(f.get(v6 + "src"), row.get("src_addr"), where + " src_addr");
            assertEquals(f.get(v6 + "dst"), row.get("dst_addr"), where + " dst_addr");
        } else {
            assertEquals(null, f.get("ip.src") == null ? f.get("ipv6.src") : f.get("ip.src"), where + " has no IP");
        }
        if ("6".equals(row.get("ip_proto"))) {
            assertEquals(f.get("tcp.srcport"), row.get("src_port"), where);
            assertEquals(f.get("tcp.dstport"), row.get("dst_port"), where);
            if (row.get("tcp_flags") != null) {
                assertEquals(Integer.decode(f.get("tcp.flags")), Integer.valueOf(row.get("tcp_flags")), where + " flags");
                assertEquals(f.get("tcp.seq_raw"), row.get("tcp_seq"), where);
                assertEquals(f.get("tcp.ack_raw"), row.get("tcp_ack"), where);
                assertEquals(f.get("tcp.window_size_value"), row.get("tcp_window"), where);
            }
            assertEquals(f.get("tcp.len"), row.get("payload_length"), where + " payload_length");
            String status = f.get("tcp.checksum.status");
            assertEquals(status == null ? null : checksumText(Integer.parseInt(status)), row.get("tcp_checksum"),
                    where + " tcp_checksum");
        } else if ("17".equals(row.get("ip_proto")) && row.get("src_port") != null) {
            assertEquals(f.get("udp.srcport"), row.get("src_port"), where);
            assertEquals(f.get("udp.dstport"), row.get("dst_port"), where);
        }
        assertEquals(f.get("jumbo.kind"), row.get("jumbo_kind"), where + " jumbo_kind");
        if (f.get("jumbo.length") != null) {
            assertEquals(f.get("jumbo.length"), row.get("ip_payload_length"), where + " ip_payload_length");
        } else if ("6".equals(version) && f.get("ipv6.plen") != null) {
            assertEquals(f.get("ipv6.plen"), row.get("ip_payload_length"), where + " ip_payload_length");
        }
        String vni = f.get("vxlan.vni") != null ? f.get("vxlan.vni") : f.get("geneve.vni");
        assertEquals(vni, row.get("tunnel_vni"), where + " tunnel_vni");
        assertEquals(x.get("expert.id") == null ? "" : x.get("expert.id"), row.get("experts"), where + " expert_ids");
        String flags = f.get("frame.packet_flags");
        assertEquals(flags == null ? null : String.valueOf(Long.decode(flags)), row.get("packet_flags"), where + " packet_flags");
        String direction = f.get("frame.packet_flags_direction");
        assertEquals(direction == null ? null : org.jumbocap.export.RowExtractor.directionText(Integer.decode(direction)),
                row.get("direction"), where + " direction");
        String gsoType = f.get("frame.gso.type");
        assertEquals(gsoType == null ? null : org.jumbocap.io.VnetHeader.gsoTypeName(Integer.decode(gsoType)),
                row.get("gso_type"), where + " gso_type");
        assertEquals(f.get("frame.gso.size"), row.get("gso_size"), where + " gso_size");
        assertEquals(f.get("frame.gso.segments"), row.get("gso_segments"), where + " gso_segments");
    }

    private static String checksumText(int code) {
        for (ChecksumVerdict v : ChecksumVerdict.values()) {
            if (v.code() == code) {
                return org.jumbocap.export.RowExtractor.checksumText(v);
            }
        }
        throw new IllegalArgumentException("status " + code);
    }

    static List<Path> samplesWithTsharkFields() throws IOException {
        List<Path> all = new ArrayList<>();
        for (Path p : captures()) {
            if (Files.exists(SAMPLES.resolve("expected/tshark-fields/" + p.getFileName() + ".tsv"))) {
                all.add(p);
            }
        }
        return all;
    }

    /**
     * Lengths, ports, raw sequence numbers and TCP payload lengths against tshark 4.0's output stored with
     * the samples (samples/README.md). Where tshark finds no TCP layer the row must be a jumbogram whose TCP
     * tshark cannot reach (it does not follow an IPv6 payload length of 0 without the Hop-by-Hop header), or a
     * fragment tshark reassembles elsewhere.
     */
    @ParameterizedTest
    @MethodSource("samplesWithTsharkFields")
    void tsharkAgreesOnLengthsPortsAndSequenceNumbers(Path capture) throws IOException {
        Path out = tmp.resolve("tshark.parquet");
        assertEquals(0, run("export", "-w", out.toString(), capture.toString()).code());
        Map<Long, Map<String, String>> rows = duckRows(out, null);
        List<String> lines = Files.readAllLines(SAMPLES.resolve("expected/tshark-fields/" + capture.getFileName() + ".tsv"));
        List<String> header = List.of(lines.get(0).split("\t", -1));
        int compared = 0;
        for (String line : lines.subList(1, lines.size())) {
            if (line.isEmpty()) {
                continue;
            }
            String[] v = line.split("\t", -1);
            Map<String, String> t = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                String value = i < v.length ? v[i] : "";
                // innermost: the last of several occurrences (VXLAN)
                t.put(header.get(i), value.isEmpty() ? null : value.substring(value.lastIndexOf(',') + 1));
            }
            Map<String, String> row = rows.get(Long.parseLong(t.get("frame.number")));
            String where = capture.getFileName() + " frame " + t.get("frame.number");
            assertEquals(t.get("frame.len"), row.get("frame_length"), where);
            assertEquals(t.get("frame.cap_len"), row.get("captured_length"), where);
            if (!"6".equals(row.get("ip_proto")) || row.get("tcp_flags") == null) {
                continue;
            }
            if (row.get("experts").contains("ip.fragment")) {
                // the first fragment of an outer IPv4 packet (ipv6-bigtcp-vxlan.pcap frames 20, 25, ...): jumbocap
                // decodes the inner TCP header it holds; tshark reassembles and shows the TCP in the last
                // fragment's frame instead, which jumbocap reports as a non-first fragment without TCP
                continue;
            }
            if (t.get("tcp.srcport") == null) {
                assertTrue(row.get("jumbo_kind") != null, where + ": tshark finds no TCP in a frame that is no jumbogram");
                continue;
            }
            assertEquals(t.get("tcp.srcport"), row.get("src_port"), where);
            assertEquals(t.get("tcp.dstport"), row.get("dst_port"), where);
            assertEquals(t.get("tcp.seq_raw"), row.get("tcp_seq"), where);
            if (row.get("captured_length").equals(row.get("frame_length"))) {
                assertEquals(t.get("tcp.len"), row.get("payload_length"), where + " tcp.len");
            }
            compared++;
        }
        assertTrue(compared > 0, "some TCP frames compared");
    }

    @Test
    void aDirectoryGetsOneFilePerCaptureAndABadFileDoesNotStopTheOthers() {
        Path dir = tmp.resolve("lake");
        Path good = SAMPLES.resolve("ipv6-bigtcp-veth.pcap");
        Path cut = SAMPLES.resolve("crafted-files/pcap-cut-in-record-data.pcap");
        Path vxlan = SAMPLES.resolve("ipv6-bigtcp-vxlan.pcap");
        Run r = run("export", "-w", dir + "/", good.toString(), cut.toString(), vxlan.toString());
        assertEquals(1, r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("jumbocap: " + cut + ": record 3 at byte offset 176: "), r.err());
        assertEquals(44, duckRows(dir.resolve("ipv6-bigtcp-veth.pcap.parquet"), null).size());
        assertEquals(2, duckRows(dir.resolve("pcap-cut-in-record-data.pcap.parquet"), null).size(), "the good frames");
        assertEquals(fieldRows(vxlan, "l", "frame.number").size(),
                duckRows(dir.resolve("ipv6-bigtcp-vxlan.pcap.parquet"), null).size());
        // -Y and -c apply as in read: 21 jumbograms in the sample, the first 5 of them
        Path one = tmp.resolve("jumbo.parquet");
        assertEquals(0, run("export", "-Y", "jumbo", "-c", "5", "-w", one.toString(), good.toString()).code());
        Map<Long, Map<String, String>> rows = duckRows(one, null);
        assertEquals(5, rows.size());
        assertEquals(List.copyOf(fieldRows(good, "l", "frame.number", "jumbo.kind").entrySet().stream()
                .filter(e -> e.getValue().get("jumbo.kind") != null).map(Map.Entry::getKey).limit(5).toList()),
                List.copyOf(rows.keySet()));
        Run missingDir = run("export", "-w", tmp.resolve("no/such/dir/x.parquet").toString(), good.toString());
        assertEquals(1, missingDir.code());
        assertTrue(missingDir.err().endsWith(": cannot write: no such directory; not written\n"), missingDir.err());
    }

    @Test
    void theParquetSchemaIsTheDocumentedOne() throws SQLException {
        Path out = tmp.resolve("schema.parquet");
        assertEquals(0, run("export", "-w", out.toString(), SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString()).code());
        List<String> names = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("DESCRIBE SELECT * FROM read_parquet('" + out.toAbsolutePath() + "')")) {
            while (rs.next()) {
                names.add(rs.getString(1) + " " + rs.getString(2));
            }
        }
        List<String> expected = new ArrayList<>();
        for (ExportColumn col : ExportColumn.all()) {
            expected.add(col.columnName() + " " + switch (col.type()) {
                case STRING -> "VARCHAR";
                case INT32 -> "INTEGER";
                case INT64 -> "BIGINT";
                case BOOLEAN -> "BOOLEAN";
                case TIMESTAMP_MICROS -> "TIMESTAMP WITH TIME ZONE";
                case STRING_LIST -> "VARCHAR[]";
            });
        }
        assertEquals(expected, names);
        String doc;
        try {
            doc = Files.readString(Path.of("../docs/export.md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String help = run("export", "--help").out();
        for (ExportColumn col : ExportColumn.all()) {
            assertTrue(doc.contains("| `" + col.columnName() + "` |"), "docs/export.md documents " + col.columnName());
            assertTrue(help.contains(col.columnName()), "export --help lists " + col.columnName());
        }
    }
}
