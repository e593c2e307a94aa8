package org.jumbocap.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jumbocap.cli.engine.Captures;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;

/** Runs the command line in-process with captured output, and finds the kernel samples. */
final class Cli {
    static final Path SAMPLES = Path.of("../samples");

    record Result(int code, String out, String err) {
        List<String> outLines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n", -1)).subList(0, out.split("\n", -1).length - 1);
        }

        List<String> errLines() {
            return err.isEmpty() ? List.of() : List.of(err.split("\n"));
        }
    }

    private Cli() {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = JumbocapCommand.execute(args, new PrintWriter(out), new PrintWriter(err), false);
        return new Result(code, out.toString(), err.toString());
    }

    /** The kernel-made captures in samples/ (pcap and pcapng). */
    static List<Path> kernelSamples() {
        try (Stream<Path> s = Files.list(SAMPLES)) {
            return s.filter(p -> p.getFileName().toString().matches(".*bigtcp.*\\.pcap(ng)?")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every record of a capture as the reader returns it. */
    static List<FrameRecord> frames(Path file) {
        List<FrameRecord> out = new ArrayList<>();
        try (CaptureReader r = Captures.open(file.toString())) {
            FrameRecord rec = new FrameRecord();
            while (r.next(rec)) {
                out.add(rec.copy());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** tshark's columns for a sample: header names, then one row per frame. */
    static List<String[]> tsharkFields(Path sample) {
        Path tsv = SAMPLES.resolve("expected/tshark-fields/" + sample.getFileName() + ".tsv");
        try {
            return Files.readAllLines(tsv).stream().filter(l -> !l.isEmpty()).map(l -> l.split("\t", -1)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int column(List<String[]> tsv, String name) {
        String[] header = tsv.get(0);
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return i;
            }
        }
        throw new AssertionError("tshark fields have no column " + name);
    }
}
