package org.jumbocap.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The export's {@code app_protocol} column, read back with DuckDB, against tshark's Protocol column on
 * every frame of the application-protocol samples (samples/expected/tshark-fields, TShark 4.0.17; TLS with
 * tshark's default TCP reassembly, as the export follows the conversations).
 */
class ExportAppProtocolTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"arp-veth.pcap, arp-veth.pcap.arp.tsv", "dns-veth.pcap, dns-veth.pcap.dns.tsv",
            "tls-veth.pcap, tls-veth.pcap.tls-reassembled.tsv", "http-veth.pcap, http-veth.pcap.http.tsv"})
    void appProtocolIsTsharksProtocolColumn(String sample, String table) throws Exception {
        Path out = tmp.resolve("out.parquet");
        ExportCommandTest.Run export = ExportCommandTest.run("export", "-w", out.toString(), "../samples/" + sample);
        assertEquals(0, export.code(), export.err());
        Map<Long, Map<String, String>> rows = ExportCommandTest.duckRows(out, null);
        List<String> lines = Files.readAllLines(Path.of("../samples/expected/tshark-fields", table), StandardCharsets.UTF_8);
        assertEquals(lines.size() - 1, rows.size(), "one row per frame");
        List<String> differences = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split("\t", -1);
            String actual = rows.get(Long.parseLong(cells[0])).get("app_protocol");
            if (!cells[1].equals(actual)) {
                differences.add("frame " + cells[0] + ": tshark " + cells[1] + ", jumbocap " + actual);
            }
        }
        assertEquals(List.of(), differences);
    }
}
