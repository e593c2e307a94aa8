package org.jumbocap.cli;

import java.util.List;
import java.util.Locale;
import org.jumbocap.capture.RingFileWriter;
import picocli.CommandLine.Option;

/**
 * {@code capture}'s ring buffer options, in tcpdump's form ({@code -C}, {@code -W}, {@code -G}) and in
 * dumpcap's ({@code -b filesize:KB,files:N,duration:S}).
 */
final class RingBufferOptions {
    @Option(names = "-C", paramLabel = "MB",
            description = "With -w: begin a new file, before the next frame, once the current one holds MB million "
                    + "bytes (tcpdump -C; decimals allowed). Files are named FILE_NNNNN_YYYYMMDDHHMMSS.EXT, as dumpcap names them.")
    Double fileMegabytes;

    @Option(names = "-W", paramLabel = "FILES",
            description = "With -C or -G: keep only the FILES newest files, removing the oldest (tcpdump -W).")
    Integer files;

    @Option(names = "-G", paramLabel = "SECONDS",
            description = "With -w: begin a new file every SECONDS seconds (tcpdump -G).")
    Long fileSeconds;

    @Option(names = {"-b", "--ring-buffer"}, paramLabel = "KEY:VALUE", split = ",",
            description = "dumpcap's ring buffer: filesize:KB (thousands of bytes), files:N, duration:SECONDS; "
                    + "repeat -b or separate them by commas.")
    List<String> dumpcapKeys;

    /** The limits asked for, or null for one file. */
    RingFileWriter.Limits limits() {
        long bytes = fileMegabytes == null ? 0 : positive(Math.round(fileMegabytes * 1_000_000), "-C");
        long seconds = fileSeconds == null ? 0 : positive(fileSeconds, "-G");
        long count = files == null ? 0 : positive(files, "-W");
        for (String key : dumpcapKeys == null ? List.<String>of() : dumpcapKeys) {
            int colon = key.indexOf(':');
            String name = colon < 0 ? key : key.substring(0, colon).toLowerCase(Locale.ROOT);
            long value;
            try {
                value = Long.parseLong(colon < 0 ? "" : key.substring(colon + 1).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-b " + key + ": give KEY:NUMBER (filesize:KB, files:N or duration:SECONDS)");
            }
            switch (name) {
                case "filesize" -> bytes = once(bytes, "filesize", positive(value, "-b filesize") * 1000);
                case "files" -> count = once(count, "files", positive(value, "-b files"));
                case "duration" -> seconds = once(seconds, "duration", positive(value, "-b duration"));
                default -> throw new IllegalArgumentException("-b " + key + ": give filesize:KB, files:N or duration:SECONDS");
            }
        }
        if (count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("-W: at most " + Integer.MAX_VALUE + " files");
        }
        RingFileWriter.Limits limits = new RingFileWriter.Limits(bytes, seconds, (int) count);
        if (count > 0 && !limits.rotates()) {
            throw new IllegalArgumentException("a file count (-W, -b files) needs a file size or a duration "
                    + "(-C, -G, -b filesize, -b duration)");
        }
        return limits.rotates() ? limits : null;
    }

    private static long positive(long value, String option) {
        if (value < 1) {
            throw new IllegalArgumentException(option + " must be greater than 0");
        }
        return value;
    }

    private static long once(long before, String key, long value) {
        if (before != 0) {
            throw new IllegalArgumentException("the ring buffer's " + key + " is given twice");
        }
        return value;
    }
}
