package org.jumbocap.cli.export;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jumbocap.cli.engine.Captures;
import org.jumbocap.cli.engine.ErrorText;
import org.jumbocap.cli.engine.PartFile;
import org.jumbocap.cli.engine.UserException;
import org.jumbocap.cli.progress.ProgressLine;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.export.ExportColumn;
import org.jumbocap.export.FrameRow;
import org.jumbocap.export.FrameRowReader;
import org.jumbocap.export.parquet.BackgroundFrameWriter;

/**
 * Runs an export: each capture's rows ({@link FrameRowReader}) into a Parquet writer working on its own
 * thread. A capture that cannot be read costs one error line after its good rows were written; the others
 * are still exported. An output that cannot be written ends the export. Each Parquet file is written under
 * a temporary name beside it and renamed when its footer is written ({@link PartFile}), so a full disk, an
 * error or a signal leaves the previous file or none, never one without its footer.
 */
public final class ParquetExport {
    /** The name a capture read from standard input gets in a directory. */
    static final String STDIN_NAME = "stdin";

    private final List<String> files;
    private final CompiledFilter filter;
    private final boolean verifyChecksums;
    private final long limit;
    private final boolean debug;
    private ProgressLine progress;
    private long rows;

    public ParquetExport(List<String> files, CompiledFilter filter, boolean verifyChecksums, long limit, boolean debug) {
        this.files = files;
        this.filter = filter;
        this.verifyChecksums = verifyChecksums;
        this.limit = limit;
        this.debug = debug;
    }

    /** Counts each frame read on {@code line} (null: none is drawn). */
    public ParquetExport progress(ProgressLine line) {
        this.progress = line;
        return this;
    }

    /** Every capture into one file; true when every capture was read to its end. */
    public boolean toFile(Path out, PrintWriter err) {
        PartFile part = reserve(out);
        boolean ok = true;
        try {
            try (BackgroundFrameWriter writer = open(part, out)) {
                for (String file : files) {
                    if (limitReached()) {
                        break;
                    }
                    ok &= exportOne(file, writer, err);
                }
            }
            part.commit();
        } catch (IOException e) {
            throw cannotWrite(out, e);
        } finally {
            part.abandon(); // nothing once committed
        }
        return ok;
    }

    /** One file per capture in {@code dir}: NAME.pcap becomes NAME.pcap.parquet. */
    public boolean toDirectory(Path dir, PrintWriter err) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw cannotWrite(dir, e);
        }
        boolean ok = true;
        for (String file : files) {
            if (limitReached()) {
                break;
            }
            Path out = dir.resolve(outputName(file));
            PartFile part = reserve(out);
            try {
                try (BackgroundFrameWriter writer = open(part, out)) {
                    ok &= exportOne(file, writer, err);
                }
                part.commit();
            } catch (IOException e) {
                throw cannotWrite(out, e);
            } finally {
                part.abandon();
            }
        }
        return ok;
    }

    /** The Parquet file name for a capture in an output directory. */
    static String outputName(String file) {
        String name = Captures.STDIN.equals(file) ? STDIN_NAME : Path.of(file).getFileName().toString();
        return name + ".parquet";
    }

    /** The temporary file beside {@code out} that takes its name when the export is complete. */
    private static PartFile reserve(Path out) {
        try {
            return PartFile.beside(out);
        } catch (IOException e) {
            throw cannotWrite(out, e);
        }
    }

    private static BackgroundFrameWriter open(PartFile part, Path out) {
        try {
            return new BackgroundFrameWriter(part.part());
        } catch (IOException e) {
            part.abandon();
            throw cannotWrite(out, e);
        }
    }

    /** Reads one capture into the writer; false (after one error line) when it could not be read to its end. */
    private boolean exportOne(String file, BackgroundFrameWriter writer, PrintWriter err) throws IOException {
        FrameRowReader reader;
        try {
            reader = new FrameRowReader(Captures.open(file), file, filter, verifyChecksums);
        } catch (IOException | RuntimeException e) {
            return report(file, e, err);
        }
        try (reader) {
            while (!limitReached()) {
                FrameRow row = writer.nextRow();
                boolean more = false;
                try {
                    more = reader.next(row);
                } catch (IOException | UncheckedIOException e) {
                    return report(file, e, err);
                } finally {
                    if (!more) {
                        writer.cancelRow(); // no frame came for it, or only part of one
                    }
                }
                if (!more) {
                    break;
                }
                ProgressLine.count(progress, row.getLong(ExportColumn.CAPTURED_LENGTH));
                rows++;
            }
        }
        return true;
    }

    private boolean limitReached() {
        return limit > 0 && rows >= limit;
    }

    private boolean report(String file, Exception e, PrintWriter err) {
        if (debug) {
            e.printStackTrace(err);
        }
        Exception shown = e instanceof UncheckedIOException u ? u.getCause() : e;
        err.println("jumbocap: " + ErrorText.of(file, shown));
        err.flush();
        return false;
    }

    private static UserException cannotWrite(Path out, IOException e) {
        String why = e instanceof java.nio.file.NoSuchFileException ? "no such directory"
                : e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                : e.getMessage() != null ? e.getMessage() : e.toString();
        return new UserException(out + ": cannot write: " + why + "; not written", e);
    }
}
