package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.expert.ExpertGroup;
import org.jumbocap.expert.Severity;
import org.jumbocap.jumbo.JumboKind;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.tree.ExpertItem;
import org.jumbocap.tree.FrameTree;

/**
 * Numbers about a capture, accumulated one dissected frame at a time. Memory grows with the number of
 * conversations (held up to a cap when one is set, {@link #setMaxFlows}) and distinct expert ids, never with the number of
 * frames, so a front end can feed it a capture of any size. Every IP packet belongs to one conversation: TCP and UDP by addresses and ports,
 * ICMP, ICMPv6 and any other protocol by addresses and protocol. The packet an ICMP error quotes is part of
 * the ICMP message, not a frame of the conversation it quotes. Not thread-safe: feed it from one thread.
 *
 * <p>Each frame's facts are read once, from its summary or its tree, into one {@link FrameFacts}, which the
 * parts then count: {@link FrameTotals} (frames, bytes, link types, sizes, jumbo kinds), {@link TransportTally}
 * (TCP and UDP frames and checksums), {@link ConversationTable} (directions, conversations, TCP analysis),
 * {@link ExpertTally} (expert items) and {@link KernelFactsTally} (what the kernel recorded per frame).
 */
public final class CaptureStatistics {
    private final List<String> files = new ArrayList<>(1);
    private final FrameFacts facts = new FrameFacts();
    private final TreeFacts treeFacts = new TreeFacts();
    private final FrameTotals totals = new FrameTotals();
    private final TransportTally transports = new TransportTally();
    private final ConversationTable conversations = new ConversationTable();
    private final ExpertTally experts = new ExpertTally();
    private final KernelFactsTally kernelFacts = new KernelFactsTally();
    private long framesFromTrees;
    private boolean checksumsVerified = true;

    /** Expert items of one id: how often, and where first. */
    public static final class ExpertCount {
        private final String id;
        private final Severity severity;
        private final ExpertGroup group;
        private final String firstMessage;
        private final String firstFile;
        private final long firstFrame;
        private long count;

        ExpertCount(ExpertItem item, String file, long frame) {
            this.id = item.id();
            this.severity = item.severity();
            this.group = item.group();
            this.firstMessage = item.message();
            this.firstFile = file;
            this.firstFrame = frame;
        }

        public String id() {
            return id;
        }

        public Severity severity() {
            return severity;
        }

        public ExpertGroup group() {
            return group;
        }

        public String firstMessage() {
            return firstMessage;
        }

        /** File of the first occurrence, or null when no file was named. */
        public String firstFile() {
            return firstFile;
        }

        public long firstFrame() {
            return firstFrame;
        }

        public long count() {
            return count;
        }

        void increment() {
            count++;
        }
    }

    /** Frames and frame bytes of one jumbo kind. */
    public record KindCount(JumboKind kind, long frames, long bytes) {
    }

    /** Both directions of one conversation; {@code reverse} is null when only one side was seen. */
    public record Conversation(FlowKey key, FlowStats forward, FlowStats reverse) {
        public long frames() {
            return forward.frames() + (reverse == null ? 0 : reverse.frames());
        }

        public long bytes() {
            return forward.bytes() + (reverse == null ? 0 : reverse.bytes());
        }

        public long superPackets() {
            return forward.superPackets() + (reverse == null ? 0 : reverse.superPackets());
        }
    }

    /** Marks the start of another capture file; later expert first-occurrences name it. */
    public void startFile(String name) {
        files.add(name);
    }

    /**
     * Adds the pipeline's current frame from its summary, which holds every fact counted here, so no tree is
     * built; the tree is dissected only where the summary says it is not exact (an ICMP error's quote, a cut
     * header, more layers than it has room for) and, once per expert id, for the first message. Whether
     * checksums were summed is the pipeline's choice, which the caller reports with {@link #setChecksumsVerified}.
     */
    public void add(FramePipeline pipeline) {
        FrameSummary s = pipeline.summary();
        if (s.incomplete || s.truncated) {
            framesFromTrees++;
            add(pipeline.tree());
            return;
        }
        count(facts.read(s, pipeline.frame(), pipeline.tcpAnalysis()));
        experts.add(pipeline, currentFile());
    }

    /** Adds one frame, from its full dissection. */
    public void add(FrameTree tree) {
        count(treeFacts.read(tree, facts));
        List<ExpertItem> items = tree.experts();
        if (!items.isEmpty()) {
            experts.add(items, currentFile(), facts.number);
        }
    }

    private void count(FrameFacts f) {
        totals.add(f);
        transports.add(f);
        conversations.add(f);
        kernelFacts.add(f);
    }

    /** What the kernel recorded about the frames: super-packets per direction, GSO super-packets by kind. */
    public KernelFactsTally kernelFacts() {
        return kernelFacts;
    }

    private String currentFile() {
        return files.isEmpty() ? null : files.get(files.size() - 1);
    }

    /**
     * True when every TCP and UDP checksum counted was summed over its bytes (good or bad), false when some
     * were only judged for offload (then "not checked" means "not summed").
     */
    public boolean checksumsVerified() {
        return checksumsVerified;
    }

    /** Says whether the frames given (their pipeline, or their trees) had their checksums summed; true unless said. */
    public void setChecksumsVerified(boolean verified) {
        checksumsVerified = verified;
    }

    /** Frames the summary could not describe exactly, counted from their full dissection instead. */
    public long framesFromTrees() {
        return framesFromTrees;
    }

    public List<String> files() {
        return Collections.unmodifiableList(files);
    }

    public long frames() {
        return totals.frames();
    }

    /** Sum of frame lengths on the wire. */
    public long bytes() {
        return totals.bytes();
    }

    public long capturedBytes() {
        return totals.capturedBytes();
    }

    /** Timestamp of the earliest frame, or 0 before any. */
    public long firstNanos() {
        return totals.firstNanos();
    }

    public long lastNanos() {
        return totals.lastNanos();
    }

    public long durationNanos() {
        return totals.durationNanos();
    }

    /** Frames the snaplen cut. */
    public long cutFrames() {
        return totals.cutFrames();
    }

    public long tcpFrames() {
        return transports.tcpFrames();
    }

    public long tcpBytes() {
        return transports.tcpBytes();
    }

    public long udpFrames() {
        return transports.udpFrames();
    }

    public long udpBytes() {
        return transports.udpBytes();
    }

    /**
     * UDP datagrams the UDP decoder marked as suspected GSO super-packets ({@code udp.gso.suspected}: a file
     * without the kernel's facts), and their bytes. Those the kernel recorded are in {@link #kernelFacts()}.
     */
    public long udpGsoSuspectedFrames() {
        return transports.udpGsoSuspected();
    }

    public long udpGsoSuspectedBytes() {
        return transports.udpGsoSuspectedBytes();
    }

    /** Frames per LINKTYPE_ value. */
    public Map<Integer, Long> linkTypes() {
        return totals.linkTypes();
    }

    /** Jumbograms and BIG TCP super-packets by kind, every kind listed (zero when absent). */
    public List<KindCount> jumboKinds() {
        return totals.jumboKinds();
    }

    public long jumboFrames() {
        return totals.jumboFrames();
    }

    public long jumboBytes() {
        return totals.jumboBytes();
    }

    public SizeHistogram sizes() {
        return totals.sizes();
    }

    /** Every direction seen (TCP, UDP, ICMP, ICMPv6 and other IP protocols), in order of first appearance. */
    public List<FlowStats> directions() {
        return conversations.directions();
    }

    /**
     * The cap the command line's {@code stats} sets unless told otherwise (with the TCP analysis held to
     * the same number, a 64 MB heap is enough); without {@link #setMaxFlows} there is no cap.
     */
    public static final int DEFAULT_MAX_FLOWS = ConversationTable.DEFAULT_MAX_CONVERSATIONS;

    /**
     * Caps the conversations held at once (both directions count as one): past it a tenth is evicted,
     * closed ones first, then those idle longest, and counted in {@link #evictedFlows} and the like.
     */
    public void setMaxFlows(int max) {
        conversations.setMaxConversations(max);
    }

    /** The cap on conversations held; {@link Integer#MAX_VALUE} when none was set. */
    public int maxFlows() {
        return conversations.maxConversations();
    }

    /** Conversations evicted at the cap (0 when it was never reached). */
    public long evictedFlows() {
        return conversations.evictedConversations();
    }

    /** Of the evicted conversations, those closed (an RST, or a FIN each way) when evicted. */
    public long evictedClosedFlows() {
        return conversations.evictedClosed();
    }

    /** Frames and bytes of the evicted conversations (until their eviction). */
    public long evictedFlowFrames() {
        return conversations.evictedFrames();
    }

    public long evictedFlowBytes() {
        return conversations.evictedBytes();
    }

    /** Directions paired into conversations, forward being the direction seen first. */
    public List<Conversation> conversations() {
        return conversations.conversations();
    }

    /** Checksum states per transport ("tcp", "udp") that was seen, every state listed. */
    public Map<String, Map<ChecksumState, Long>> checksums() {
        return transports.checksums();
    }

    /** Expert items by id, in order of first appearance. */
    public List<ExpertCount> experts() {
        return experts.counts();
    }
}
