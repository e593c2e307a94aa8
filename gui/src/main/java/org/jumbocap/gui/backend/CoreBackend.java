package org.jumbocap.gui.backend;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jumbocap.displayfilter.DisplayFilter;
import org.jumbocap.displayfilter.FilterSyntaxException;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.io.CaptureReader;
import org.jumbocap.io.CaptureWriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.files.CaptureFiles;
import org.jumbocap.io.pcapng.PcapngWriter;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.pipeline.tcp.TcpConversations;
import org.jumbocap.tree.FrameTree;

/** The viewer's backend on the jumbocap core: readers, the fast path, the dissectors, display filters. */
public final class CoreBackend implements CaptureBackend {
    private static final int SAVE_SNAPLEN = 524288;

    private final FrameDissector dissector = new FrameDissector();

    @Override
    public CaptureReader open(Path file) throws IOException {
        return CaptureFiles.open(file);
    }

    @Override
    public FrameSummarizer newSummarizer() {
        return dissector::summarize;
    }

    @Override
    public FrameTree dissect(FrameRecord frame, long firstNanos, long previousNanos) {
        return dissector.dissect(frame, firstNanos, previousNanos);
    }

    @Override
    public CompiledFilter compileFilter(String text) throws FilterSyntaxException {
        org.jumbocap.displayfilter.CompiledFilter compiled = DisplayFilter.compile(text);
        // One pipeline per thread: the filter slices and live capture each run on their own. Checksums are
        // summed only for a filter that reads them, as `read -Y` does: summing reads every payload byte.
        boolean verify = compiled.readsChecksums();
        ThreadLocal<FramePipeline> pipelines = ThreadLocal.withInitial(() -> new FramePipeline(dissector, compiled, verify));
        ThreadLocal<FrameSummary> scratch = ThreadLocal.withInitial(FrameSummary::new);
        return new CompiledFilter() {
            @Override
            public boolean test(FrameRecord frame, long firstNanos, long previousNanos) {
                return pipelines.get().accept(frame, firstNanos, previousNanos);
            }

            @Override
            public boolean test(FrameRecord frame, long firstNanos, long previousNanos, FrameSummary summary,
                                TcpAnalysis analysis) {
                FramePipeline p = pipelines.get();
                if (verify) {
                    // the filter reads checksums the row's summary did not sum: decode again with them
                    p.decode(frame, firstNanos, previousNanos, scratch.get());
                    summary = p.summary();
                }
                p.adopt(frame, firstNanos, previousNanos, summary, analysis, null);
                return p.passes();
            }

            @Override
            public boolean readsConversation() {
                // expert items include the analysis findings (a retransmission is a warning)
                return compiled.readsConversation() || compiled.fields().stream().anyMatch(n -> n.startsWith("expert"));
            }

            @Override
            public String text() {
                return compiled.text();
            }

            @Override
            public boolean canUseFastPath() {
                return compiled.canUseFastPath();
            }

            @Override
            public boolean matches(FrameSummary summary) {
                return compiled.matches(summary);
            }

            @Override
            public boolean matches(FrameTree tree) {
                return compiled.matches(tree);
            }
        };
    }

    @Override
    public TreeLoop newTreeLoop(boolean verifyChecksums) {
        FramePipeline pipeline = new FramePipeline(dissector, null, verifyChecksums, new TcpConversations());
        return new TreeLoop() {
            @Override
            public void next(FrameRecord frame, long firstNanos, long previousNanos) {
                pipeline.accept(frame, firstNanos, previousNanos);
            }

            @Override
            public FrameTree tree() {
                return pipeline.tree();
            }
        };
    }

    @Override
    public FrameSink create(Path file, SaveFormat format, int linkType) throws IOException {
        OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        CaptureWriter writer;
        try {
            writer = format == SaveFormat.PCAPNG
                    ? new PcapngWriter(out, linkType, SAVE_SNAPLEN, true)
                    : new org.jumbocap.io.pcap.PcapWriter(out, linkType, SAVE_SNAPLEN, true);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
        return new FrameSink() {
            @Override
            public void write(FrameRecord frame) throws IOException {
                writer.write(frame);
            }

            @Override
            public void close() throws IOException {
                writer.close();
            }
        };
    }
}
