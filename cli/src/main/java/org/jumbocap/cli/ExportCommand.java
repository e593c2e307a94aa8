package org.jumbocap.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jumbocap.cli.engine.FrameFilter;
import org.jumbocap.cli.export.ParquetExport;
import org.jumbocap.cli.progress.ProgressLine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jumbocap export}: one Parquet row per frame, in the core's export schema. This class only parses
 * the command line; the Parquet library is first touched by {@link ParquetExport}, so no other command
 * loads it.
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes one Parquet row per frame, for DuckDB, Spark, Trino or pandas.",
                "Columns (see docs/export.md): file, frame_number, time, time_ns, interface_id, link_type, "
                        + "frame_length, captured_length, cut, ip_version, src_addr, dst_addr, ip_proto, src_port, "
                        + "dst_port, tunnel_kind, tunnel_vni, tunnel_depth, jumbo_kind, ip_payload_length, tcp_flags, "
                        + "tcp_seq, tcp_ack, tcp_window, payload_length, tcp_segments, tcp_checksum, expert_ids, "
                        + "tcp_stream, tcp_analysis, packet_flags, direction, gso_type, gso_size, gso_segments, app_protocol. -w OUT.parquet writes every file's frames into one file; "
                        + "-w DIR/ writes DIR/NAME.parquet for each capture NAME. A capture that is cut or "
                        + "malformed keeps its good frames, gets one error line, and the exit status is 1."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap export -w frames.parquet samples/*.pcap",
                "  jumbocap export -Y jumbo -w lake/ host1.pcapng host2.pcapng",
                "  duckdb -c \"SELECT jumbo_kind, count(*) FROM 'frames.parquet' GROUP BY 1\""})
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    CaptureInputs inputs;

    @Option(names = {"-w", "--write"}, paramLabel = "OUT", required = true,
            description = "OUT.parquet: one file for all captures; DIR/ (ending in '/' or an existing "
                    + "directory): one Parquet file per capture in DIR, created if missing.")
    String output;

    @Option(names = "--verify-checksums", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Sum the bytes each TCP checksum covers for the tcp_checksum column (the default); "
                    + "--no-verify-checksums makes only the offload judgement (faster on super-packets: "
                    + "their payload is not read).")
    boolean verifyChecksums;

    @Override
    public Integer call() throws Exception {
        FrameFilter filter = inputs.filter();
        if (output.equals("-")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-w -: Parquet cannot go to standard output "
                    + "(its footer is written last, over the whole file); name a file, e.g. -w frames.parquet");
        }
        boolean perFile = output.endsWith("/") || Files.isDirectory(Path.of(output));
        ProgressLine progress = ProgressLine.forFiles(inputs.files(), inputs.noProgress(), spec.commandLine().getErr());
        ParquetExport export = new ParquetExport(inputs.files(), filter == null ? null : filter.compiled(),
                verifyChecksums, inputs.count(), JumbocapCommand.of(spec).debug()).progress(progress);
        boolean ok = perFile
                ? export.toDirectory(Path.of(output), spec.commandLine().getErr())
                : export.toFile(Path.of(output), spec.commandLine().getErr());
        ProgressLine.finish(progress);
        return ok ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }
}
