package org.jumbocap.capture;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A pcap file written by libpcap's {@code pcap_dump} from inside {@code pcap_dispatch} ({@link LibraryDump}).
 * libpcap writes through stdio and reports no error itself, so after every call the stream's error flag is
 * read; once it is set the capture stops, and {@link #finish} cuts the file back to its last whole record,
 * found by walking the record headers ({@link PcapRecords}).
 */
final class PcapDumpFile implements LibraryDump {
    /** Free space below which a failed write is told as a full disk: less than one frame of the largest. */
    private static final long FULL = 2L * CaptureSource.MAX_SNAPLEN;

    private final DirectPcapReader reader;
    private final Path file;
    /**
     * The file, opened with libpcap's stream for the walk at the end: the capture may since have given up
     * the rights to open it again (it may be root's, in a directory only root enters).
     */
    private final FileChannel readBack;
    private Pointer dumper;
    private int delivered;
    private boolean failed;
    private Finished finished;

    PcapDumpFile(DirectPcapReader reader, Pointer dumper, Path file, FileChannel readBack) {
        this.reader = reader;
        this.dumper = dumper;
        this.file = file;
        this.readBack = readBack;
    }

    @Override
    public CaptureSource.Status dispatch(int maxFrames) throws CaptureException, IOException {
        if (maxFrames < 1) {
            throw new IllegalArgumentException("maxFrames " + maxFrames);
        }
        if (failed || dumper == null) {
            throw new IOException(file + ": writing stopped after an earlier error");
        }
        delivered = 0;
        int rc = reader.dispatchToDumper(dumper, maxFrames);
        if (rc > 0) {
            delivered = rc;
        }
        checkStream();
        if (rc > 0) {
            return CaptureSource.Status.FRAME;
        }
        if (rc == 0) {
            return CaptureSource.Status.TIMEOUT;
        }
        if (rc == DirectPcapReader.BREAK) {
            return CaptureSource.Status.END;
        }
        throw CaptureException.classify(file.toString(), reader.error(), null);
    }

    @Override
    public int delivered() {
        return delivered;
    }

    @Override
    public void flush() throws IOException {
        if (failed || dumper == null) {
            return;
        }
        if (DirectPcapReader.Binding.pcap_dump_flush(dumper) != 0) {
            throw failure();
        }
        checkStream();
    }

    private void checkStream() throws IOException {
        Pointer stream = DirectPcapReader.Binding.pcap_dump_file(dumper);
        if (stream != null && Stdio.ferror(stream) != 0) {
            throw failure();
        }
    }

    private IOException failure() {
        failed = true;
        long usable = usableSpace();
        String reason = usable >= 0 && usable < FULL ? "No space left on device" : "write error";
        return new java.nio.file.FileSystemException(file.toString(), null, reason);
    }

    /**
     * Free space for the file, asked of the open stream (fstatvfs), since the capture may no longer be
     * allowed to reach the file by its path; -1 when unknown.
     */
    private long usableSpace() {
        if (dumper != null) {
            Pointer stream = DirectPcapReader.Binding.pcap_dump_file(dumper);
            com.sun.jna.Memory statvfs = new com.sun.jna.Memory(256);
            if (stream != null && Stdio.fstatvfs(Stdio.fileno(stream), statvfs) == 0) {
                // 64-bit struct statvfs: f_bsize, f_frsize, f_blocks, f_bfree, f_bavail
                return statvfs.getLong(32) * statvfs.getLong(8);
            }
        }
        try {
            return Files.getFileStore(file).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public Finished finish(RecordLengths visitor) throws IOException {
        if (finished != null) {
            return finished;
        }
        IOException flushFailure = null;
        if (dumper != null) {
            if (!failed && DirectPcapReader.Binding.pcap_dump_flush(dumper) != 0) {
                flushFailure = failure();
            }
            DirectPcapReader.Binding.pcap_dump_close(dumper);
            dumper = null;
        }
        try (FileChannel ch = readBack) {
            PcapRecords.Walk walk = PcapRecords.walk(ch, visitor);
            if (walk.wholeEnd() < ch.size()) {
                // a write failed inside a frame: the file keeps every frame before it
                ch.truncate(walk.wholeEnd());
            }
            finished = new Finished(walk.records(), flushFailure);
        }
        return finished;
    }

    @Override
    public void close() throws IOException {
        finish(null);
    }

    /** libc's stdio error flag and the file beneath libpcap's dump stream. */
    private static final class Stdio {
        static {
            Native.register(NativeLibrary.getInstance("c"));
        }

        private Stdio() {
        }

        static native int ferror(Pointer stream);

        static native int fileno(Pointer stream);

        static native int fstatvfs(int fd, Pointer buf);
    }

    /** The record headers of a classic pcap file, walked without reading the frames. */
    static final class PcapRecords {
        private PcapRecords() {
        }

        /**
         * @param records   whole records
         * @param wholeEnd  file offset after the last whole record (the file header's end when none is)
         */
        record Walk(long records, long wholeEnd) {
        }

        /** Walks the records of {@code file}; stops at the first that the file does not hold whole. */
        static Walk walk(Path file, RecordLengths visitor) throws IOException {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                return walk(ch, visitor);
            }
        }

        /** Walks the records of the file open on {@code ch}, from its start. */
        static Walk walk(FileChannel ch, RecordLengths visitor) throws IOException {
            long size = ch.size();
            ByteBuffer header = ByteBuffer.allocate(24);
            if (read(ch, header, 0) < 24) {
                return new Walk(0, 0);
            }
            int magic = header.getInt(0);
            ByteOrder order = magic == 0xa1b2c3d4 || magic == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            ByteBuffer record = ByteBuffer.allocate(16).order(order);
            long at = 24;
            long n = 0;
            while (at + 16 <= size) {
                record.clear();
                if (read(ch, record, at) < 16) {
                    break;
                }
                long caplen = Integer.toUnsignedLong(record.getInt(8));
                long original = Integer.toUnsignedLong(record.getInt(12));
                if (caplen > CaptureSource.MAX_SNAPLEN || at + 16 + caplen > size) {
                    break;
                }
                if (visitor != null) {
                    visitor.record((int) caplen, original);
                }
                at += 16 + caplen;
                n++;
            }
            return new Walk(n, at);
        }

        private static int read(FileChannel ch, ByteBuffer into, long at) throws IOException {
            int total = 0;
            while (into.hasRemaining()) {
                int r = ch.read(into, at + total);
                if (r < 0) {
                    break;
                }
                total += r;
            }
            return total;
        }
    }
}
