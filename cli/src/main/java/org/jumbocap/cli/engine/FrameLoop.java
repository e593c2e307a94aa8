package org.jumbocap.cli.engine;

import org.jumbocap.render.FrameContext;
import org.jumbocap.render.Utf8Text;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jumbocap.capture.FileCaptureFilter;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceInfo;
import org.jumbocap.pipeline.FirstPass;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.HeaderFilter;
import org.jumbocap.pipeline.tcp.DnsResponses;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.tree.FrameTree;

/**
 * Reads captures frame by frame through the core's {@link FramePipeline}, applies the display filter and
 * hands every frame that passes to a sink, which dissects it in full only if it needs the tree. When the
 * filter can decide from the summary, frames that fail it are never dissected. A file that cannot be read
 * (missing, malformed, cut) costs one line on the error stream after every good frame before it was handed
 * on; the loop then goes on with the next file.
 *
 * <p>Frames are read in batches, and each batch goes through four steps: decoding (summaries, checksums)
 * on a decoding thread; the TCP conversations followed on the loop's own thread, in frame order, since a
 * frame's relative sequence numbers and analysis depend on every frame before it; the display filter and
 * (for a {@link RenderingSink}) the text made on a decoding thread again; and the frames handed on in
 * file order on the loop's thread. While one batch is at one step the others are at theirs, so the output
 * is the one a single thread makes. Without decoding threads the loop's thread does every step itself,
 * batch by batch: one code path either way.
 */
public final class FrameLoop {
    /** Receives the frames that pass, in order, on the loop's thread. */
    public interface Sink {
        /** A file is about to be read. */
        default void startFile(String file) {
        }

        /** A frame that passed: its summary, and its tree on demand ({@link FramePipeline#tree}). */
        void frame(FramePipeline frame, FrameContext context);

        /**
         * Whether the sink reads the frame's record and context alone (its number, times, lengths, bytes),
         * never its summary, tree or conversation: then a frame is not decoded when a filter on header fields
         * ({@link HeaderFilter}) settles it from the headers, or when there is no filter, and the TCP
         * conversations are not followed.
         */
        default boolean readsRecordAlone() {
            return false;
        }
    }

    /**
     * A sink whose work per frame is text made from that frame alone: the text is made on the decoding
     * threads ({@link #render}, which must not touch shared state) and written in order ({@link #write}).
     */
    public interface RenderingSink extends Sink {
        void render(FramePipeline frame, FrameContext context, StringBuilder out);

        /** The text {@link #render} made for the next frame in order. */
        void write(CharSequence text);

        /** The same, as {@code text[start, end)}: a sink that can copy the characters needs no String per frame. */
        default void write(CharSequence text, int start, int end) {
            write(text.subSequence(start, end));
        }

        /**
         * Whether the sink makes its text as UTF-8 bytes instead ({@link #render(FramePipeline, FrameContext,
         * Utf8Text)} and {@link #write(byte[], int, int)}): for a byte stream, nothing to encode per frame.
         */
        default boolean rendersUtf8() {
            return false;
        }

        /** {@link #render(FramePipeline, FrameContext, StringBuilder)} as UTF-8, for a sink that {@link #rendersUtf8}. */
        default void render(FramePipeline frame, FrameContext context, Utf8Text out) {
            throw new UnsupportedOperationException("this sink renders text");
        }

        /**
         * The bytes {@link #render(FramePipeline, FrameContext, Utf8Text)} made for the next frames in order,
         * {@code utf8[start, end)}: one frame's, or several frames' one after the other.
         */
        default void write(byte[] utf8, int start, int end) {
            throw new UnsupportedOperationException("this sink renders text");
        }

        @Override
        default void frame(FramePipeline frame, FrameContext context) {
            if (rendersUtf8()) {
                Utf8Text s = new Utf8Text(256);
                render(frame, context, s);
                write(s.array(), 0, s.length());
                return;
            }
            StringBuilder s = new StringBuilder(256);
            render(frame, context, s);
            write(s);
        }
    }

    /** Frames per batch at most. */
    private static final int BATCH_FRAMES = 512;
    /** Captured bytes per batch at most, so batches of super-packets stay small in memory. */
    private static final long BATCH_BYTES = 4L << 20;
    /** Input size from which decoding threads pay for themselves. */
    private static final long PARALLEL_BYTES = 8L << 20;
    /** Mean captured length of a file's first frames from which it is read as a file of super-packets. */
    static final int BIG_FRAME_BYTES = 16 << 10;
    /** Frames looked at to decide it. */
    private static final int SAMPLED_FRAMES = 64;
    /** Frame buffer bytes a batch keeps from one use to the next. */
    private static final long KEPT_BATCH_BYTES = 2 * BATCH_BYTES;

    private final FrameDissector dissector;
    private final CompiledFilter filter;
    private FileCaptureFilter captureFilter;
    private boolean twoPass;
    private int readOnce;
    private long pairingsDropped;
    private final boolean verifyChecksums;
    private final FramePipeline pipeline;
    private final long limit;
    private final int threads;
    private long delivered;
    private long forgotten;
    private final int maxOpen;

    /**
     * @param filter          null for every frame
     * @param limit           stop after this many frames passed the filter; 0 or less for no limit
     * @param verifyChecksums sum the bytes each transport checksum covers (see {@link FramePipeline})
     */
    public FrameLoop(FrameFilter filter, long limit, boolean verifyChecksums) {
        this(filter, limit, verifyChecksums, true, 0);
    }

    /** @param threads decoding threads besides the loop's own (see {@link #FrameLoop(FrameFilter, long, boolean, boolean, int)}) */
    public FrameLoop(FrameFilter filter, long limit, boolean verifyChecksums, int threads) {
        this(filter, limit, verifyChecksums, true, threads);
    }

    /** @param relativeSequenceNumbers see {@link #FrameLoop(FrameFilter, long, boolean, boolean, int)} */
    public FrameLoop(FrameFilter filter, long limit, boolean verifyChecksums, boolean relativeSequenceNumbers) {
        this(filter, limit, verifyChecksums, relativeSequenceNumbers, 0);
    }

    /**
     * @param relativeSequenceNumbers TCP sequence numbers relative to each conversation's first (tshark's
     *                                default), else raw; the conversations are followed in every file,
     *                                stream numbers from 0 in each
     * @param threads                 decoding threads besides the loop's own; 0 decodes on the loop's
     *                                thread, a negative number lets the loop choose ({@link #threadsFor})
     */
    public FrameLoop(FrameFilter filter, long limit, boolean verifyChecksums, boolean relativeSequenceNumbers, int threads) {
        this(filter, limit, verifyChecksums, relativeSequenceNumbers, threads, TcpConversations.DEFAULT_MAX_OPEN);
    }

    /** @param maxOpenConversations TCP conversations followed at once; past it the least recently seen is forgotten */
    public FrameLoop(FrameFilter filter, long limit, boolean verifyChecksums, boolean relativeSequenceNumbers, int threads,
                     int maxOpenConversations) {
        this(filter, limit, verifyChecksums, relativeSequenceNumbers, threads, maxOpenConversations, new FrameDissector());
    }

    /** @param dissector the protocols' decoders, another registry's than the standard one for read's -d (Decode As) */
    public FrameLoop(FrameFilter filter, long limit, boolean verifyChecksums, boolean relativeSequenceNumbers, int threads,
                     int maxOpenConversations, FrameDissector dissector) {
        this.dissector = dissector;
        this.filter = filter == null ? null : filter.compiled();
        this.verifyChecksums = verifyChecksums;
        this.maxOpen = maxOpenConversations;
        this.pipeline = new FramePipeline(dissector, this.filter, verifyChecksums,
                new TcpConversations(relativeSequenceNumbers, maxOpenConversations));
        this.limit = limit;
        this.threads = threads;
    }

    /** The TCP conversations followed at once at most. */
    /**
     * Reads only the frames that pass this capture filter (libpcap's grammar, run on each frame's bytes before
     * it is decoded); null for every frame.
     */
    public FrameLoop captureFilter(FileCaptureFilter filter) {
        this.captureFilter = filter;
        return this;
    }

    /**
     * Reads each file twice, as tshark's {@code -2}: a first pass learns what later frames tell about earlier
     * ones (a DNS query's {@code dns.response_in}), the second hands the frames on. Standard input is read
     * once ({@link #readOnce}).
     */
    public FrameLoop twoPass(boolean on) {
        this.twoPass = on;
        return this;
    }

    /** DNS pairings the first pass did not keep, past {@link DnsResponses#CAP} per file. */
    public long pairingsDropped() {
        return pairingsDropped;
    }

    /** Inputs that {@link #twoPass} could read only once (standard input). */
    public int readOnce() {
        return readOnce;
    }

    public int maxOpenConversations() {
        return maxOpen;
    }

    /** TCP conversations forgotten because too many were open at once (0 normally). */
    public long conversationsForgotten() {
        return forgotten;
    }

    /**
     * Runs over the files in order.
     *
     * @param out flushed before an error line is written, so the error follows the frames it comes after
     * @param err where the one-line error of a file goes
     * @return true when every file was read to its end (or the limit was reached)
     */
    public boolean run(List<String> files, Sink sink, PrintWriter out, PrintWriter err, boolean debug) {
        boolean recordAlone = sink.readsRecordAlone() && (filter == null || HeaderFilter.decidesFromHeaders(filter));
        int threads = this.threads >= 0 ? this.threads : threadsFor(files);
        ExecutorService pool = threads == 0 ? null : Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "jumbocap-decode");
            t.setDaemon(true);
            return t;
        });
        try {
            boolean ok = true;
            for (String file : files) {
                if (limitReached()) {
                    break;
                }
                try {
                    readFile(file, sink, pool, threads, recordAlone);
                } catch (OutputClosedException | OutputFileException e) {
                    throw e; // the output is gone: no next file can be written
                } catch (IOException | RuntimeException e) {
                    ok = false;
                    out.flush();
                    if (debug) {
                        e.printStackTrace(err);
                    }
                    err.println("jumbocap: " + ErrorText.of(file, e));
                    err.flush();
                }
            }
            return ok;
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private boolean limitReached() {
        return limit > 0 && delivered >= limit;
    }

    /**
     * Decoding threads for these inputs when none were asked for: one per core beside the loop's own, when
     * checksums are summed (then decoding is most of the work per frame) and the input is large enough to
     * repay the threads (standard input counts as large: its size is unknown); else none. Measured here
     * (docs/benchmarks.md): without checksum sums a frame's decode costs less than handing it between cores,
     * and a filter decided from the headers alone ({@link HeaderFilter}) costs less still. One thread per
     * core when the first file's first frames are super-packets: summing their payloads is nearly all the
     * work and the loop's own thread reads only headers, so a core would idle (`stats` of 4.4 GB of
     * kernel-made super-packets, 1.65 -> 1.35-1.47 s wall); on small frames a thread more cost CPU and no
     * wall time.
     */
    int threadsFor(List<String> files) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores < 2 || !verifyChecksums) {
            return 0;
        }
        long bytes = 0;
        for (String f : files) {
            if (Captures.STDIN.equals(f)) {
                return cores - 1;
            }
            try {
                bytes += java.nio.file.Files.size(java.nio.file.Path.of(f));
            } catch (IOException | RuntimeException e) {
                // the loop reports it
            }
        }
        if (bytes < PARALLEL_BYTES) {
            return 0;
        }
        return files.isEmpty() || !superPackets(files.get(0)) ? cores - 1 : cores;
    }

    /**
     * Whether the mean captured length of the file's first frames is a super-packet's; false if it cannot be
     * read, and for anything but a regular file (a pipe's frames would be gone for the loop).
     */
    static boolean superPackets(String file) {
        try {
            if (!java.nio.file.Files.isRegularFile(java.nio.file.Path.of(file))) {
                return false;
            }
        } catch (RuntimeException e) {
            return false;
        }
        try (CaptureReader reader = Captures.open(file)) {
            FrameRecord frame = new FrameRecord();
            long captured = 0;
            int frames = 0;
            while (frames < SAMPLED_FRAMES && reader.next(frame)) {
                captured += frame.capturedLength();
                frames++;
            }
            return frames > 0 && captured / frames >= BIG_FRAME_BYTES;
        } catch (IOException | RuntimeException e) {
            return false; // the loop reads it again and reports what is wrong
        }
    }

    private void readFile(String file, Sink sink, ExecutorService pool, int threads, boolean recordAlone) throws IOException {
        ArrayDeque<Batch> inFlight = new ArrayDeque<>();
        ArrayDeque<Batch> free = new ArrayDeque<>();
        int maxInFlight = pool == null ? 1 : 2 * threads + 1;
        RenderingSink renderer = sink instanceof RenderingSink r ? r : null;
        try (CaptureReader reader = captureFilter == null ? Captures.open(file)
                : new CaptureFilteredReader(Captures.open(file), captureFilter)) {
            sink.startFile(file);
            pipeline.startCapture();
            if (twoPass && Captures.STDIN.equals(file)) {
                readOnce++;
            } else if (twoPass) {
                try (CaptureReader first = captureFilter == null ? Captures.open(file)
                        : new CaptureFilteredReader(Captures.open(file), captureFilter)) {
                    DnsResponses responses = FirstPass.dnsResponses(first, dissector);
                    pairingsDropped += responses.dropped();
                    pipeline.conversations().answersFrom(responses);
                }
            }
            FileClock clock = new FileClock(file, reader);
            boolean more = true;
            while (more && !limitReached()) {
                Batch b = free.isEmpty() ? newBatch(renderer, recordAlone) : free.poll();
                more = b.fill(reader, clock);
                b.work = run(pool, b.decodeStep);
                inFlight.add(b);
                // the batch before this one has had the time this one took to read: follow its conversations.
                // One turn of the queue, each batch put back before it is advanced (so an exception leaves
                // every batch in flight), in place of an iterator per batch: with a few dozen super-packets a
                // batch, the iterator was a byte a frame
                for (int n = inFlight.size(); n > 0; n--) {
                    Batch x = inFlight.poll();
                    inFlight.add(x);
                    if (x != b) {
                        advance(x, pool, recordAlone);
                    }
                }
                while (inFlight.size() >= maxInFlight || (!more && !inFlight.isEmpty())) {
                    Batch done = inFlight.poll();
                    advance(done, pool, recordAlone);
                    deliver(done, sink, renderer, recordAlone);
                    done.recycle();
                    free.add(done);
                    if (limitReached()) {
                        break;
                    }
                }
            }
        } finally {
            forgotten += pipeline.conversations().forgottenAtCap();
            for (Batch b : inFlight) {
                if (b.work != null) {
                    b.work.cancel(true);
                }
            }
            // the reader is closed now: wait for the cancelled batches so none still reads a frame's tail
            for (Batch b : inFlight) {
                b.await();
            }
        }
    }

    /** Runs the task on a decoding thread, or now on this one when there are none (then null). */
    private static Future<?> run(ExecutorService pool, Runnable task) {
        if (pool == null) {
            task.run();
            return null;
        }
        return pool.submit(task);
    }

    /**
     * Takes a decoded batch through the in-order step (its TCP conversations, on this thread) and hands
     * it to the filtering and rendering step. Batches must come in file order; a batch already past this
     * step is left as it is.
     */
    private void advance(Batch b, ExecutorService pool, boolean recordAlone) {
        if (b.observed) {
            return;
        }
        b.await();
        if (!recordAlone) {
            b.observe(pipeline);
        }
        b.observed = true;
        b.work = run(pool, b.finishStep);
    }

    /**
     * A batch for one file's loop, with its two steps made once: a lambda per batch and step was most of what
     * a super-packet allocated beyond a small frame (a batch holds 4 MiB, so a few dozen super-packets
     * against 512 small frames).
     */
    private Batch newBatch(RenderingSink renderer, boolean recordAlone) {
        Batch b = new Batch();
        b.decodeStep = () -> b.decode(workerPipeline(), recordAlone ? headerFilter() : null, recordAlone);
        b.finishStep = () -> b.finish(workerPipeline(), renderer, recordAlone);
        return b;
    }

    /** Hands on the batch's frames that passed, in order, until the limit; then its reader's error if any. */
    private void deliver(Batch b, Sink sink, RenderingSink renderer, boolean recordAlone) throws IOException {
        b.await();
        if (renderer != null && renderer.rendersUtf8()) {
            deliverUtf8(b, renderer);
            return;
        }
        for (int i = 0; i < b.count && !limitReached(); i++) {
            if (b.failures[i] != null) {
                throw b.failures[i];
            }
            if (!b.passed[i]) {
                continue;
            }
            delivered++;
            if (renderer != null) {
                renderer.write(b.text, b.textStart[i], b.textEnd[i]);
            } else {
                // a record-alone sink's frame may be undecoded (an old summary) and has no conversation
                pipeline.adopt(b.records[i], b.contexts[i].firstNanos(), b.contexts[i].previousNanos(), b.summaries[i],
                        recordAlone ? null : b.analyses[i], b.trees[i]);
                sink.frame(pipeline, b.contexts[i]);
            }
        }
        throwReadError(b);
    }

    /**
     * {@link #deliver} for a sink of UTF-8 text: the lines of frames that follow one another in the batch's
     * text are written with one call, not one per frame.
     */
    private void deliverUtf8(Batch b, RenderingSink renderer) throws IOException {
        byte[] text = b.utf8 == null ? null : b.utf8.array();
        int runStart = 0;
        int runEnd = 0;
        for (int i = 0; i < b.count && !limitReached(); i++) {
            if (b.failures[i] != null) {
                if (runEnd > runStart) {
                    renderer.write(text, runStart, runEnd);
                }
                throw b.failures[i];
            }
            if (!b.passed[i]) {
                continue;
            }
            delivered++;
            if (b.textStart[i] != runEnd) {
                if (runEnd > runStart) {
                    renderer.write(text, runStart, runEnd);
                }
                runStart = b.textStart[i];
            }
            runEnd = b.textEnd[i];
        }
        if (runEnd > runStart) {
            renderer.write(text, runStart, runEnd);
        }
        throwReadError(b);
    }

    /** The reader's error after the batch's frames, unless the limit was reached first. */
    private void throwReadError(Batch b) throws IOException {
        if (!limitReached() && b.readError != null) {
            if (b.readError instanceof IOException e) {
                throw e;
            }
            throw (RuntimeException) b.readError;
        }
    }

    private final ThreadLocal<FramePipeline> workerPipelines = new ThreadLocal<>();
    private final ThreadLocal<HeaderFilter> headerFilters = new ThreadLocal<>();

    /** A decoding thread's own header filter for the display filter; null without a filter. */
    private HeaderFilter headerFilter() {
        if (filter == null) {
            return null;
        }
        HeaderFilter h = headerFilters.get();
        if (h == null) {
            h = HeaderFilter.of(filter, dissector.registry());
            headerFilters.set(h);
        }
        return h;
    }

    /** A decoding thread's own pipeline over the shared dissector and filter (no conversations: they are the loop's). */
    private FramePipeline workerPipeline() {
        FramePipeline p = workerPipelines.get();
        if (p == null) {
            p = new FramePipeline(dissector, filter, verifyChecksums);
            workerPipelines.set(p);
        }
        return p;
    }

    /**
     * Timestamps of the file's first frame and of the frame before, as the reader goes, and the decimals
     * times print with: per file, from what its interfaces declare, not per frame from the digits a time
     * happens to have (with if_tsresol 0x13 one frame would print six decimals and the next nine).
     */
    private static final class FileClock {
        final String file;
        final CaptureReader reader;
        boolean nano;
        int interfacesSeen = -1;
        boolean any;
        long first;
        long previous;

        FileClock(String file, CaptureReader reader) {
            this.file = file;
            this.reader = reader;
        }

        FrameContext next(long ts) {
            if (!any) {
                first = ts;
                previous = ts;
                any = true;
            }
            // pcapng may define interfaces later on, one between every two packets: only the new ones are
            // looked at (a new section starts the table again), so the time stays linear in the blocks
            List<InterfaceInfo> interfaces = reader.interfaces();
            int n = interfaces.size();
            if (n != interfacesSeen) {
                if (n < interfacesSeen || interfacesSeen < 0) {
                    interfacesSeen = 0;
                    nano = reader.formatName().contains("nsec");
                }
                for (int i = interfacesSeen; i < n && !nano; i++) {
                    nano = interfaces.get(i).finerThanMicroseconds();
                }
                interfacesSeen = n;
            }
            FrameContext context = new FrameContext(file, first, previous, nano);
            previous = ts;
            return context;
        }
    }

    /** Frames read together and decoded together; reused, with its records, from batch to batch. */
    private static final class Batch {
        final FrameRecord[] records = new FrameRecord[BATCH_FRAMES];
        final FrameSummary[] summaries = new FrameSummary[BATCH_FRAMES];
        final TcpAnalysis[] analyses = new TcpAnalysis[BATCH_FRAMES];
        final FrameContext[] contexts = new FrameContext[BATCH_FRAMES];
        final FrameTree[] trees = new FrameTree[BATCH_FRAMES];
        final boolean[] passed = new boolean[BATCH_FRAMES];
        /** The frame's verdict came from its headers (or there is no filter): it was not decoded. */
        final boolean[] settled = new boolean[BATCH_FRAMES];
        final RuntimeException[] failures = new RuntimeException[BATCH_FRAMES];
        final int[] textStart = new int[BATCH_FRAMES];
        final int[] textEnd = new int[BATCH_FRAMES];
        final StringBuilder text = new StringBuilder(64 * 1024);
        /** The text as UTF-8, for a sink that {@link RenderingSink#rendersUtf8}; made at its first use. */
        Utf8Text utf8;
        int count;
        /** Why the reader stopped after this batch's frames (an I/O or a runtime exception), or null. */
        Exception readError;
        /** The step running on a decoding thread (decoding, or filtering and rendering), or null. */
        Future<?> work;
        /** Step one ({@link #decode}) and step two ({@link #finish}) with the loop's arguments, on a decoding thread. */
        Runnable decodeStep;
        Runnable finishStep;
        /** The conversations of its frames were followed (and the last step handed on). */
        boolean observed;
        /** Frames before the first that failed to decode, or {@link #count}. */
        int decoded;

        Batch() {
            for (int i = 0; i < BATCH_FRAMES; i++) {
                records[i] = new FrameRecord();
                summaries[i] = new FrameSummary();
                analyses[i] = new TcpAnalysis();
            }
        }

        /** Reads the next frames; false when the file ended (or failed: {@link #readError}). */
        boolean fill(CaptureReader reader, FileClock clock) {
            long bytes = 0;
            try {
                while (count < BATCH_FRAMES && bytes < BATCH_BYTES) {
                    FrameRecord rec = records[count];
                    if (!reader.next(rec)) {
                        return false;
                    }
                    contexts[count] = clock.next(rec.timestampNanos());
                    bytes += rec.capturedLength();
                    count++;
                }
                return true;
            } catch (IOException | RuntimeException e) {
                readError = e;
            }
            return false;
        }

        /**
         * Step one, on a decoding thread: each frame's summary; for a sink that reads the record alone, only
         * of the frames whose headers do not settle the filter ({@code headers} null: no filter, none decoded).
         */
        void decode(FramePipeline p, HeaderFilter headers, boolean recordAlone) {
            decoded = 0;
            for (int i = 0; i < count; i++) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
                try {
                    if (recordAlone) {
                        int verdict = headers == null ? HeaderFilter.MATCH : headers.decide(records[i]);
                        if (verdict != HeaderFilter.UNDECIDED) {
                            settled[i] = true;
                            passed[i] = verdict == HeaderFilter.MATCH;
                            decoded = i + 1;
                            continue;
                        }
                    }
                    FrameContext c = contexts[i];
                    p.decode(records[i], c.firstNanos(), c.previousNanos(), summaries[i]);
                    decoded = i + 1;
                } catch (RuntimeException e) {
                    failures[i] = e;
                    return;
                }
            }
        }

        /** Step two, on the loop's thread in frame order: each decoded frame's TCP conversation. */
        void observe(FramePipeline loopPipeline) {
            for (int i = 0; i < decoded; i++) {
                FrameContext c = contexts[i];
                try {
                    loopPipeline.adopt(records[i], c.firstNanos(), c.previousNanos(), summaries[i], null, null);
                    loopPipeline.observe(analyses[i]);
                } catch (RuntimeException e) {
                    failures[i] = e;
                    decoded = i;
                    return;
                }
            }
        }

        /** Step three, on a decoding thread: the filter, and the text for a rendering sink. */
        void finish(FramePipeline p, RenderingSink renderer, boolean recordAlone) {
            for (int i = 0; i < decoded; i++) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
                try {
                    FrameContext c = contexts[i];
                    // a frame the record-alone sink gets undecoded carries an old summary, which it does not read
                    p.adopt(records[i], c.firstNanos(), c.previousNanos(), summaries[i], recordAlone ? null : analyses[i], null);
                    if (!settled[i]) {
                        passed[i] = p.passes();
                    }
                    if (passed[i] && renderer != null && renderer.rendersUtf8()) {
                        if (utf8 == null) {
                            utf8 = new Utf8Text(64 * 1024);
                        }
                        textStart[i] = utf8.length();
                        renderer.render(p, c, utf8);
                        textEnd[i] = utf8.length();
                    } else if (passed[i] && renderer != null) {
                        textStart[i] = text.length();
                        renderer.render(p, c, text);
                        textEnd[i] = text.length();
                    } else if (passed[i]) {
                        trees[i] = p.hasTree() ? p.tree() : null;
                    }
                } catch (RuntimeException e) {
                    failures[i] = e;
                    return;
                }
            }
        }

        void await() {
            if (work == null) {
                return;
            }
            try {
                work.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof Error error) {
                    throw error;
                }
                throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
            } catch (java.util.concurrent.CancellationException e) {
                // cancelled after the limit or an error: nothing of it is delivered
            } finally {
                work = null;
            }
        }

        void recycle() {
            // records keep their grown buffers for the next batch (a super-packet read whole needs one
            // again soon), up to a budget per batch, so idle batches hold no more than that
            long kept = 0;
            for (int i = 0; i < BATCH_FRAMES; i++) {
                kept += records[i].heldBytes();
                if (kept > KEPT_BATCH_BYTES) {
                    kept -= records[i].heldBytes();
                    records[i] = new FrameRecord();
                    kept += records[i].heldBytes();
                }
            }
            for (int i = 0; i < count; i++) {
                trees[i] = null;
                contexts[i] = null;
                failures[i] = null;
                passed[i] = false;
                settled[i] = false;
            }
            count = 0;
            decoded = 0;
            observed = false;
            readError = null;
            text.setLength(0);
            if (utf8 != null) {
                utf8.setLength(0);
            }
            if (text.capacity() > (1 << 20)) {
                text.trimToSize();
            }
            if (utf8 != null && utf8.array().length > (1 << 20)) {
                utf8 = null; // a batch of hex dumps grew it: the next batch starts small again
            }
        }
    }
}
