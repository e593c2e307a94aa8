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
import org.jumbocap.dissect.SegmentPlan;
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
        return new FrameSummarizer() {
            @Override
            public void decode(FrameRecord frame, FrameSummary into) {
                dissector.summarize(frame, into);
            }

            @Override
            public void decode(FrameRecord frame, FrameSummary into, SegmentPlan plan) {
                dissector.summarize(frame, into, false, plan);
            }
        };
    }

    @Override
    public FrameTree dissect(FrameRecord frame, long firstNanos, long previousNanos) {
        return dissector.dissect(frame, firstNanos, previousNanos);
    }

    @Override
    public FrameTree dissect(FrameRecord frame, long firstNanos, long previousNanos, SegmentPlan plan) {
        return dissector.dissect(frame, firstNanos, previousNanos, new FrameSummary(), true, plan);
    }

    @Override
    public String fieldLabel(String field) {
        return DisplayFilter.fields().find(field).map(org.jumbocap.field.FieldDef::label).orElse(field);
    }

    @Override
    public org.jumbocap.field.FieldRegistry filterFields() {
        return DisplayFilter.fields();
    }

    @Override
    public ViewerFilter compileFilter(String text) throws FilterSyntaxException {
        return new CoreFilter(DisplayFilter.compile(text));
    }

    /** A display filter of the core, decided by a frame step's pipeline. */
    private record CoreFilter(org.jumbocap.displayfilter.CompiledFilter compiled) implements ViewerFilter {
        @Override
        public String text() {
            return compiled.text();
        }

        @Override
        public boolean readsConversation() {
            // expert items include the analysis findings (a retransmission is a warning)
            return compiled.readsConversation() || compiled.fields().stream().anyMatch(n -> n.startsWith("expert"));
        }

        @Override
        public boolean readsChecksums() {
            return compiled.readsChecksums();
        }
    }

    @Override
    public FrameStep newFrameStep(boolean conversations, boolean verifyChecksums) {
        return new CoreFrameStep(conversations, verifyChecksums);
    }

    /**
     * The core's {@link FramePipeline} as the viewer's per-frame step: one pipeline decodes, follows the
     * conversations and builds the tree; each filter is decided by a pipeline of its own that adopts the
     * frame (its summary, analysis and, once built, tree), so several filters share one decode and one tree.
     */
    private final class CoreFrameStep implements FrameStep {
        private final FramePipeline pipeline;
        private final boolean conversations;
        private final boolean verifyChecksums;
        private final java.util.Map<org.jumbocap.displayfilter.CompiledFilter, FramePipeline> deciders = new java.util.HashMap<>();
        /** The frame decoded again with its checksums summed, for filters that read them; null until asked. */
        private FramePipeline summing;
        private final FrameSummary summingInto = new FrameSummary();
        private boolean summed;
        private long firstNanos;
        private long previousNanos;

        CoreFrameStep(boolean conversations, boolean verifyChecksums) {
            this.conversations = conversations;
            this.verifyChecksums = verifyChecksums;
            this.pipeline = new FramePipeline(dissector, null, verifyChecksums, conversations ? new TcpConversations() : null);
        }

        @Override
        public void next(FrameRecord frame, long firstNanos, long previousNanos) {
            this.firstNanos = firstNanos;
            this.previousNanos = previousNanos;
            summed = false;
            pipeline.accept(frame, firstNanos, previousNanos);
        }

        @Override
        public void next(FrameRecord frame, long firstNanos, long previousNanos, FrameSummary decoded) {
            if (verifyChecksums) {
                // the summarizer sums no checksums: decode again as this step decodes
                next(frame, firstNanos, previousNanos);
                return;
            }
            this.firstNanos = firstNanos;
            this.previousNanos = previousNanos;
            summed = false;
            pipeline.acceptDecoded(frame, firstNanos, previousNanos, decoded);
        }

        @Override
        public FrameRecord record() {
            return pipeline.frame();
        }

        @Override
        public FrameSummary summary() {
            return pipeline.summary();
        }

        @Override
        public TcpAnalysis analysis() {
            return pipeline.tcpAnalysis();
        }

        @Override
        public FrameTree tree() {
            return pipeline.tree();
        }

        @Override
        public boolean passes(ViewerFilter filter) {
            org.jumbocap.displayfilter.CompiledFilter compiled = ((CoreFilter) filter).compiled();
            if (!conversations && filter.readsConversation()) {
                throw new IllegalStateException(filter.text() + " reads the TCP conversations: decide it in frame order");
            }
            FramePipeline decider = deciders.computeIfAbsent(compiled, c -> new FramePipeline(dissector, c, verifyChecksums || c.readsChecksums()));
            if (compiled.readsChecksums() && !verifyChecksums) {
                // read -Y sums the checksums for a filter that reads them; the rows' summary did not
                if (summing == null) {
                    summing = new FramePipeline(dissector, null, true);
                }
                if (!summed) {
                    summing.decode(pipeline.frame(), firstNanos, previousNanos, summingInto);
                    summed = true;
                }
                decider.adopt(pipeline.frame(), firstNanos, previousNanos, summingInto, pipeline.tcpAnalysis(), null);
                return decider.passes();
            }
            decider.adopt(pipeline.frame(), firstNanos, previousNanos, pipeline.summary(), pipeline.tcpAnalysis(),
                    pipeline.hasTree() ? pipeline.tree() : null);
            return decider.passes();
        }
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
