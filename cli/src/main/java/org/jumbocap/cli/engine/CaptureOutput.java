package org.jumbocap.cli.engine;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.io.files.CaptureWriters;
import org.jumbocap.io.pcap.PcapWriter;
import org.jumbocap.io.pcapng.PcapngWriter;

/**
 * The capture a command writes with {@code -w}: pcapng (nanoseconds) when the name ends in {@code .pcapng},
 * else classic pcap with microseconds, as {@code capture -w} writes; {@code -} is standard output (pcap).
 * The file is written when the first frame comes, with that frame's link type; a pcap file holds one link
 * type, so a frame of another is an error that names it and ends the command. A file is written under a
 * temporary name beside it ({@link PartFile}) and takes its name only in {@link #finish}: an error, a full
 * disk or a signal before that leaves the previous file of that name, or none, never a cut one.
 */
public final class CaptureOutput implements AutoCloseable {
    /** The snaplen written in the file header: libpcap's largest, which every frame jumbocap reads fits. */
    public static final int SNAPLEN = 262_144;
    private static final int BUFFER = 1 << 20;

    private final String name;
    private final OutputStream stdout;
    private CaptureWriter writer;
    private PartFile part;
    private boolean finished;
    private int linkType = -1;
    /** True or false when the format was chosen ({@code -F}); null to choose by the name's extension. */
    private Boolean pcapngChosen;
    /** Set by the first failed write: the output is given up, and said so once. */
    private RuntimeException failure;

    /**
     * @param name   a path, or {@code -} for standard output
     * @param stdout standard output as bytes (left open when the capture is closed)
     */
    public CaptureOutput(String name, OutputStream stdout) {
        this.name = name;
        this.stdout = stdout;
    }

    public String name() {
        return name;
    }

    /** Writes pcapng (true) or pcap (false) whatever the name's extension, as tshark's {@code -F}. */
    public CaptureOutput format(boolean pcapng) {
        this.pcapngChosen = pcapng;
        return this;
    }

    /**
     * The one-line error for a write that failed (disk full, no permission): exit status 1. On standard
     * output an {@link OutputClosedException}: quiet, status 0, when the reader of the pipe went away.
     */
    public RuntimeException failed(IOException e) {
        if (failure != null) {
            return failure;
        }
        if (name.equals(Captures.STDIN)) {
            failure = OutputClosedException.of(e);
            return failure;
        }
        String reason = e.getMessage() != null ? e.getMessage() : e.toString();
        if (e instanceof java.nio.file.AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof java.nio.file.NoSuchFileException) {
            reason = "no such directory";
        }
        failure = new OutputFileException(name + ": cannot write (" + reason + "); not written", e);
        return failure;
    }

    /** True once a write failed. */
    public boolean isBroken() {
        return failure != null;
    }

    /** True when the output names the same file as {@code input}, which writing would destroy. */
    public boolean sameFileAs(String input) {
        if (name.equals(Captures.STDIN) || input.equals(Captures.STDIN)) {
            return false;
        }
        Path out = Path.of(name).toAbsolutePath().normalize();
        Path in = Path.of(input).toAbsolutePath().normalize();
        try {
            return out.equals(in) || Files.exists(out) && Files.isSameFile(out, in);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Reserves the file's temporary part now, before the first frame: a directory that cannot be written
     * is said at once, and a signal while the input is still awaited is said too. Nothing for standard output.
     */
    public void reserve() throws IOException {
        if (part == null && !name.equals(Captures.STDIN)) {
            part = PartFile.beside(Path.of(name));
        }
    }

    /** The writer for a frame of this record's link type, created on first use. */
    public CaptureWriter writerFor(FrameRecord frame) throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (writer == null) {
            open(frame.linkType());
        } else if (frame.linkType() != linkType && !writer.formatName().equals("pcapng")) {
            failure = new OutputFileException(name + ": a pcap file holds one link type (" + LinkTypes.name(linkType)
                    + "), but frame " + frame.number() + " is " + LinkTypes.name(frame.linkType())
                    + ": write a .pcapng file instead; not written");
            throw failure;
        }
        return writer;
    }

    /** Creates the file if no frame did (an empty capture of Ethernet frames), so the output always exists. */
    public void ensureCreated() throws IOException {
        if (writer == null && failure == null) {
            open(LinkTypes.ETHERNET);
        }
    }

    private void open(int type) throws IOException {
        linkType = type;
        // a large buffer: segmenting writes a record of 1.5 KB in three pieces, and each flush is a system call
        reserve();
        OutputStream out = new BufferedOutputStream(part == null ? new KeptOpen(stdout) : part.open(), BUFFER);
        try {
            boolean pcapng = pcapngChosen != null ? pcapngChosen
                    : !name.equals(Captures.STDIN) && CaptureWriters.isPcapng(Path.of(name));
            writer = pcapng ? new PcapngWriter(out, type, SNAPLEN, true) : new PcapWriter(out, type, SNAPLEN, false);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Standard output, flushed but not closed with the capture: the command's text may still follow. */
    private static final class KeptOpen extends java.io.FilterOutputStream {
        KeptOpen(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }

    /**
     * Completes the output: creates it if no frame came (an empty capture of Ethernet frames, so the output
     * always exists), writes what is buffered and gives the file its name. Nothing happens after a failed write.
     */
    public void finish() throws IOException {
        if (failure != null) {
            return;
        }
        ensureCreated();
        writer.close();
        if (part != null) {
            part.commit();
        }
        finished = true;
    }

    /** Releases the output; a file not {@link #finish finished} is not written (its temporary part is deleted). */
    @Override
    public void close() {
        if (writer != null && !finished) {
            try {
                writer.close();
            } catch (IOException | RuntimeException e) {
                // said already, or the command ends on another error; closing only releases the file
            }
        }
        if (part != null && !finished) {
            part.abandon();
        }
    }
}
