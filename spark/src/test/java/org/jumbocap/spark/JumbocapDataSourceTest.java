package org.jumbocap.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowReader;
import org.jumbocap.export.parquet.ParquetFrameWriter;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.stats.CaptureStatistics;
import org.jumbocap.stats.FlowStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data source in a local Spark session ({@code local[2]}) over the kernel samples: the same rows as the
 * Parquet files the export writes (read back by Spark's own Parquet reader), the counts and per-direction
 * super-packet figures of the core's statistics ({@code jumbocap stats}), filters pushed down, and corrupt
 * files failing or skipped.
 */
class JumbocapDataSourceTest {
    private static final Path SAMPLES = Path.of("../samples").toAbsolutePath().normalize();
    private static SparkSession spark;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void startSpark() {
        spark = SparkSession.builder().master("local[2]").appName("jumbocap-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.session.timeZone", "UTC")
                .getOrCreate();
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    static List<String> kernelSamples() throws IOException {
        try (Stream<Path> s = Files.list(SAMPLES)) {
            return s.filter(p -> p.getFileName().toString().matches(".*\\.pcap(ng)?")).sorted()
                    .map(Path::toString).toList();
        }
    }

    private static Dataset<Row> load(String... paths) {
        return spark.read().format("jumbocap").load(paths);
    }

    /** What {@code jumbocap export -w DIR/} writes for a capture, here through the same core and writer. */
    private static Path export(String capture) throws IOException {
        Path out = tmp.resolve(Path.of(capture).getFileName() + ".parquet");
        FrameRow row = new FrameRow();
        try (FrameRowReader r = new FrameRowReader(CaptureFiles.open(Path.of(capture)), capture, null, true);
             ParquetFrameWriter w = new ParquetFrameWriter(out)) {
            while (r.next(row)) {
                w.write(row);
            }
        }
        return out;
    }

    @Test
    void rowsEqualTheExportedParquetFiles() throws IOException {
        List<String> samples = kernelSamples();
        Dataset<Row> source = load(samples.toArray(String[]::new));
        assertEquals(samples.size(), source.javaRDD().getNumPartitions(), "one partition per file");
        List<String> exported = new ArrayList<>();
        for (String s : samples) {
            exported.add(export(s).toString());
        }
        Dataset<Row> parquet = spark.read().parquet(exported.toArray(String[]::new));
        assertEquals(parquet.count(), source.count());
        assertTrue(source.count() > 300, "the samples have frames");
        assertEquals(0, source.exceptAll(parquet).count(), "every row of the data source is in the export");
        assertEquals(0, parquet.exceptAll(source).count(), "every exported row comes from the data source");
    }

    @Test
    void countsAndSuperPacketsMatchTheStatistics() throws IOException {
        for (String sample : kernelSamples()) {
            CaptureStatistics stats = statistics(sample);
            Dataset<Row> frames = load(sample);
            assertEquals(stats.frames(), frames.count(), sample);
            assertEquals(stats.jumboFrames(), frames.filter("jumbo_kind IS NOT NULL").count(), sample + " jumbograms");
            Map<String, Long> superPackets = new HashMap<>();
            for (Row r : frames.filter("tcp_segments > 1")
                    .groupBy("src_addr", "src_port", "dst_addr", "dst_port").count().collectAsList()) {
                superPackets.put(r.getString(0) + " " + r.getInt(1) + " " + r.getString(2) + " " + r.getInt(3), r.getLong(4));
            }
            for (FlowStats d : stats.directions()) {
                if (d.key().protocol() != 6 || d.effectiveMss() <= 0) {
                    continue; // without an MSS the statistics guess super-packets from the size; rows say null
                }
                String key = d.key().sourceAddress() + " " + d.key().srcPort() + " " + d.key().destinationAddress()
                        + " " + d.key().dstPort();
                assertEquals(d.superPackets(), superPackets.getOrDefault(key, 0L), sample + " super-packets of " + key);
            }
        }
    }

    private static CaptureStatistics statistics(String sample) throws IOException {
        CaptureStatistics stats = new CaptureStatistics();
        stats.startFile(sample);
        FramePipeline pipeline = new FramePipeline(new FrameDissector(), null, true);
        try (CaptureReader r = CaptureFiles.open(Path.of(sample))) {
            FrameRecord rec = new FrameRecord();
            long first = -1;
            long previous = 0;
            while (r.next(rec)) {
                first = first < 0 ? rec.timestampNanos() : first;
                pipeline.accept(rec, first, previous);
                previous = rec.timestampNanos();
                stats.add(pipeline.tree());
            }
        }
        return stats;
    }

    @Test
    void flowsThatNeverHadASuperPacket() {
        load(SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString(), SAMPLES.resolve("ipv6-vxlan-gso64k.pcap").toString())
                .createOrReplaceTempView("frames");
        List<Row> rows = spark.sql("SELECT regexp_extract(file, '[^/]*$', 0) AS f, src_addr, src_port, dst_addr, dst_port"
                + " FROM frames WHERE ip_proto = 6 GROUP BY ALL"
                + " HAVING sum(payload_length) > 0 AND max(coalesce(tcp_segments, 0)) <= 1 ORDER BY ALL").collectAsList();
        // the iperf3 control connections carry data but never more than an MSS at a time
        assertTrue(rows.size() >= 2, rows.toString());
        for (Row r : rows) {
            assertTrue(r.getInt(2) == 5201 || r.getInt(4) == 5201, r.toString());
        }
        // and the data connections all had super-packets, so they are not among them
        long dataFlows = spark.sql("SELECT DISTINCT file, src_port FROM frames WHERE tcp_segments > 1").count();
        assertTrue(dataFlows >= 2);
        for (Row r : rows) {
            assertEquals(0, spark.sql("SELECT 1 FROM frames WHERE tcp_segments > 1 AND src_port = " + r.getInt(2)
                    + " AND dst_port = " + r.getInt(4) + " AND src_addr = '" + r.getString(1) + "'").count(), r.toString());
        }
    }

    @Test
    void filtersArePushedDownAndTheDisplayFilterOptionApplies() {
        String veth = SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString();
        Dataset<Row> all = load(veth);
        long expected = all.collectAsList().stream()
                .filter(r -> !r.isNullAt(r.fieldIndex("jumbo_kind")) && !r.isNullAt(r.fieldIndex("dst_port"))
                        && r.getInt(r.fieldIndex("dst_port")) == 5201)
                .count();
        Dataset<Row> filtered = all.filter("jumbo_kind IS NOT NULL AND dst_port = 5201");
        assertEquals(expected, filtered.count());
        assertEquals(21, expected, "the README's count of jumbograms to port 5201 in this sample");
        String plan = filtered.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("display filter: ") && plan.contains("jumbo"), plan);
        // the README's acceptance figure: 36 frames of the iperf3 flows
        assertEquals(36, spark.read().format("jumbocap").option("displayFilter", "tcp.port == 5201").load(veth).count());
    }

    @Test
    void aCutFileFailsItsTaskWithTheOneLineErrorOrIsSkipped() {
        String cut = SAMPLES.resolve("crafted-files/pcap-cut-in-record-data.pcap").toString();
        Exception e = assertThrows(Exception.class, () -> load(cut).count());
        String message = causes(e);
        assertTrue(message.contains("jumbocap: ") && message.contains("byte offset"), message);
        long good = goodFrames(cut);
        assertEquals(good, spark.read().format("jumbocap").option("onCorruptFile", "skip").load(cut).count());
    }

    /**
     * Two cut copies of kernel samples (pcap cut inside a record, pcapng inside a block) and an intact one:
     * skipped, the scan's {@code corruptCaptureFiles} metric counts the two and every good frame is kept;
     * not skipped, the job fails with jumbocap's one-line error naming the cut file and the byte offset.
     */
    @Test
    void cutFilesAreCountedInTheScansMetricOrFailWithTheOneLineError() throws IOException {
        String cutPcap = cutCopy("ipv6-bigtcp-veth.pcap");
        String cutPcapng = cutCopy("ipv6-bigtcp-veth.pcapng");
        String intact = SAMPLES.resolve("ipv6-bigtcp-loss.pcap").toString();

        Dataset<Row> skipping = spark.read().format("jumbocap").option("onCorruptFile", "skip")
                .load(cutPcap, cutPcapng, intact);
        long rows = skipping.collectAsList().size();
        assertEquals(goodFrames(cutPcap) + goodFrames(cutPcapng) + frames(intact), rows, "every good frame kept");
        assertEquals(2, scanMetric(skipping.queryExecution().executedPlan(), CorruptFilesMetric.NAME),
                "the two cut files counted, the intact one not");
        Dataset<Row> intactOnly = spark.read().format("jumbocap").option("onCorruptFile", "skip").load(intact);
        assertEquals(frames(intact), intactOnly.collectAsList().size());
        assertEquals(0, scanMetric(intactOnly.queryExecution().executedPlan(), CorruptFilesMetric.NAME),
                "an intact file is not counted");

        Exception e = assertThrows(Exception.class, () -> load(intact, cutPcap).collectAsList());
        String error = jumbocapError(e);
        String expected = "jumbocap: " + coreError(cutPcap);
        assertEquals(expected, error, causes(e));
        assertTrue(error.matches("jumbocap: \\Q" + cutPcap + "\\E: record \\d+ at byte offset \\d+: [^\\n]+"), error);
    }

    /** A copy of a kernel sample cut in the middle, inside some record. */
    private static String cutCopy(String sample) throws IOException {
        byte[] whole = Files.readAllBytes(SAMPLES.resolve(sample));
        Path cut = tmp.resolve("cut-" + sample);
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        return cut.toString();
    }

    /** The value of a scan's SQL metric after the plan ran: the sum of what every task reported. */
    private static long scanMetric(org.apache.spark.sql.execution.SparkPlan plan, String name) {
        List<Long> found = new ArrayList<>();
        collectMetric(plan, name, found);
        assertEquals(1, found.size(), "one scan with the metric " + name + " in " + plan);
        return found.get(0);
    }

    private static void collectMetric(org.apache.spark.sql.execution.SparkPlan plan, String name, List<Long> found) {
        if (plan instanceof org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec a) {
            collectMetric(a.executedPlan(), name, found);
            return;
        }
        scala.Option<org.apache.spark.sql.execution.metric.SQLMetric> m = plan.metrics().get(name);
        if (m.isDefined()) {
            found.add(m.get().value());
        }
        scala.collection.Iterator<org.apache.spark.sql.execution.SparkPlan> children = plan.children().iterator();
        while (children.hasNext()) {
            collectMetric(children.next(), name, found);
        }
    }

    /** The message of the first exception in the chain that is jumbocap's. */
    private static String jumbocapError(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getMessage() != null && c.getMessage().startsWith("jumbocap: ")) {
                return c.getMessage();
            }
        }
        throw new AssertionError("no jumbocap error in " + causes(t));
    }

    /** The core's own error for a cut file, as its reader reports it. */
    private static String coreError(String file) {
        try (CaptureReader r = CaptureFiles.open(Path.of(file))) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                // the good frames before the damage
            }
        } catch (IOException e) {
            return e.getMessage().contains(file) ? e.getMessage() : file + ": " + e.getMessage();
        }
        throw new AssertionError(file + " is not cut");
    }

    private static long frames(String file) throws IOException {
        long n = 0;
        try (CaptureReader r = CaptureFiles.open(Path.of(file))) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                n++;
            }
        }
        return n;
    }

    private static long goodFrames(String file) {
        long n = 0;
        try (CaptureReader r = CaptureFiles.open(Path.of(file))) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                n++;
            }
        } catch (IOException expected) {
            return n;
        }
        throw new AssertionError(file + " is not cut");
    }

    private static String causes(Throwable t) {
        StringBuilder s = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            s.append(c.getMessage()).append('\n');
        }
        return s.toString();
    }
}
