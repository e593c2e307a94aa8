import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowReader;
import org.jumbocap.export.parquet.ParquetFrameWriter;
import org.jumbocap.io.files.CaptureFiles;

/**
 * CPU time of the two halves of `jumbocap export`, each on one thread, pass after pass in one JVM, so the
 * first (cold, compiling) passes and the warm ones show apart: making rows from the summaries (without a
 * writer, into one reused row), then writing the first N rows, held in memory, with the Parquet writer.
 *
 *   java -Xmx3g -cp "cli/target/jumbocap-cli-0.1.0-SNAPSHOT.jar:cli/target/lib/*" cli/bench/ExportCpu.java \
 *        CAPTURE [ROWS [EXTRACT_PASSES [WRITE_PASSES]]]        (defaults: 300000 3 5)
 */
public class ExportCpu {
    public static void main(String[] args) throws Exception {
        Path in = Path.of(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 300_000;
        int extractPasses = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int writePasses = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        FrameRow one = new FrameRow();
        for (int pass = 0; pass < extractPasses; pass++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            int rows = 0;
            try (FrameRowReader r = new FrameRowReader(CaptureFiles.open(in), in.toString(), null, true)) {
                while (rows < n && r.next(one)) {
                    rows++;
                }
            }
            report("rows from summaries", rows, cpu.getCurrentThreadCpuTime() - t0, "");
        }
        FrameRow[] held = new FrameRow[n];
        int rows = 0;
        try (FrameRowReader r = new FrameRowReader(CaptureFiles.open(in), in.toString(), null, true)) {
            while (rows < n && r.next(held[rows] = new FrameRow())) {
                rows++;
            }
        }
        Path out = Files.createTempFile("jumbocap-export-cpu", ".parquet");
        try {
            for (int pass = 0; pass < writePasses; pass++) {
                long t0 = cpu.getCurrentThreadCpuTime();
                try (ParquetFrameWriter w = new ParquetFrameWriter(out)) {
                    for (int i = 0; i < rows; i++) {
                        w.write(held[i]);
                    }
                }
                report("Parquet writer", rows, cpu.getCurrentThreadCpuTime() - t0, Files.size(out) + " bytes");
            }
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static void report(String what, int rows, long nanos, String note) {
        System.out.printf("%-20s %,d rows: %.3f s CPU, %,.0f rows per CPU second %s%n", what, rows, nanos / 1e9,
                rows / (nanos / 1e9), note);
    }
}
