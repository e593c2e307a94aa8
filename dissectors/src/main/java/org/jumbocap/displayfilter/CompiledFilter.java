package org.jumbocap.displayfilter;

import java.util.List;
import java.util.Map;
import org.jumbocap.dissect.FrameSummary;
import org.jumbocap.pipeline.tcp.TcpAnalysis;
import org.jumbocap.tree.FrameTree;

/**
 * A display filter checked against the declared fields, ready to test frames. Immutable and thread-safe.
 *
 * <p>Multi-occurrence fields follow Wireshark 4: {@code ==}, {@code <}, {@code contains}, {@code matches}
 * and {@code in} hold when <em>any</em> occurrence passes; {@code !=} holds when <em>all</em> occurrences
 * differ (so {@code ip.addr != 10.0.0.1} is exactly {@code !(ip.addr == 10.0.0.1)} on a frame with IP);
 * {@code ===} is "all equal" and {@code !==} (alias {@code ~=}) "any not equal". A relation on a field the
 * frame lacks is false whatever the operator, so {@code tcp.port != 80} does not match a UDP frame.
 */
public final class CompiledFilter {
    private final String text;
    private final FilterNode root;
    private final int slotCount;
    private final Map<String, Integer> treeSlots;
    private final Map<String, Integer> expertSlots;
    private final List<String> fieldNames;
    private final boolean fastCapable;
    private final boolean readsConversation;

    CompiledFilter(String text, FilterNode root, int slotCount, Map<String, Integer> treeSlots,
                   Map<String, Integer> expertSlots, List<String> fieldNames) {
        this.text = text;
        this.root = root;
        this.slotCount = slotCount;
        this.treeSlots = treeSlots;
        this.expertSlots = expertSlots;
        this.fieldNames = fieldNames;
        this.fastCapable = root.fastCapable();
        this.readsConversation = fieldNames.stream().anyMatch(n -> FastField.needsAnalysis(n) || conversationField(n));
    }

    /**
     * A field only the conversation pass adds to the tree (tcp.analysis.ack_rtt, tcp.time_delta, dns.time, ...), which
     * the summary cannot decide either: a front end must follow the conversations in order for it too.
     */
    private static boolean conversationField(String name) {
        return name.equals("tcp.stream") || name.equals("tcp.seq") || name.equals("tcp.nxtseq") || name.equals("tcp.ack")
                || name.equals("tcp.analysis") || name.startsWith("tcp.analysis.") || name.equals("tcp.timestamps")
                || name.equals("tcp.time_relative") || name.equals("tcp.time_delta") || name.equals("tcp.window_size")
                || name.equals("dns.response_to") || name.equals("dns.time");
    }

    /** True when the frame's tree passes the filter. */
    public boolean matches(FrameTree tree) {
        return root.onTree(FieldValues.collect(tree, slotCount, treeSlots, expertSlots));
    }

    /**
     * True when every field the filter reads is one the fast summary knows with the tree's meaning, so
     * {@link #matches(FrameSummary)} gives the same answer as {@link #matches(FrameTree)}.
     */
    public boolean canUseFastPath() {
        return fastCapable;
    }

    /**
     * True when {@link #matches(FrameSummary)} answers for this frame exactly as the tree would: the filter
     * reads only fast fields and the summary describes every layer the tree has (not an ICMP error's
     * quoted packet, see {@link FrameSummary#incomplete}). Otherwise dissect the frame and use the tree.
     */
    public boolean canDecide(FrameSummary summary) {
        return fastCapable && !summary.incomplete && !readsConversation;
    }

    /**
     * As {@link #canDecide(FrameSummary)}, with the frame's TCP conversation analysis at hand, so filters on
     * {@code tcp.stream}, {@code tcp.seq} or {@code tcp.analysis.*} are decided without a tree too.
     *
     * @param analysis null when the conversations are not followed
     */
    public boolean canDecide(FrameSummary summary, TcpAnalysis analysis) {
        return fastCapable && !summary.incomplete && (!readsConversation || analysis != null);
    }

    /** True when the filter reads a field of TCP conversation analysis (the tree has it only when the pipeline follows conversations). */
    public boolean readsConversation() {
        return readsConversation;
    }

    /**
     * Tests a fast summary without building a tree; allocation-free. Exact when {@link #canDecide} holds.
     *
     * @throws IllegalStateException when {@link #canUseFastPath()} is false
     */
    public boolean matches(FrameSummary summary) {
        return matches(summary, null);
    }

    /** {@link #matches(FrameSummary)} with the frame's conversation analysis (null: fields of it are absent). */
    public boolean matches(FrameSummary summary, TcpAnalysis analysis) {
        if (!fastCapable) {
            throw new IllegalStateException("filter reads fields the fast path does not know: " + text);
        }
        return root.onFast(summary, analysis);
    }

    /** The field names the filter reads, in order of first use. */
    public List<String> fields() {
        return fieldNames;
    }

    /**
     * True when the filter reads a checksum verdict or an expert item (a bad checksum is one), so frames
     * must be dissected with their checksums summed; otherwise only the offload judgement is needed, and
     * a super-packet's payload stays unread.
     */
    public boolean readsChecksums() {
        for (String f : fieldNames) {
            if (showsChecksums(f)) {
                return true;
            }
        }
        return false;
    }

    /** True for a field whose value depends on summed checksums: a checksum verdict, or any expert item. */
    public static boolean showsChecksums(String fieldName) {
        return fieldName.contains("checksum") || fieldName.startsWith("expert");
    }

    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
