package org.jumbocap.gui.store;

import java.util.concurrent.ConcurrentHashMap;
import org.jumbocap.dissect.SegmentPlan;

/**
 * The TCP reassembly plans the listing pass made, by frame index, so a row decoded again later (its texts,
 * its details) is decoded as {@code read} decoded it in frame order. Only frames with a plan take room; the
 * reassembled messages they hold count against a byte budget, and once it is spent the frames after are
 * not known here (their plans are found again by following their stream, {@code service.TcpStreamReplay}).
 * Written by the one listing thread in frame order, read from any thread.
 */
public final class SegmentPlans {
    /** What a plan costs beside its reassembled bytes (the object, its arrays, the map's entry). */
    private static final long PLAN_OVERHEAD = 160;

    private final long budgetBytes;
    private final ConcurrentHashMap<Integer, SegmentPlan> plans = new ConcurrentHashMap<>();
    private long spent;
    /** Frames {@code 0 .. known - 1} were recorded; written after their plan is in the map. */
    private volatile int known;
    private boolean full;

    /** @param budgetBytes the most the kept plans may take, reassembled messages included */
    public SegmentPlans(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /**
     * Records the plan of the next frame in frame order ({@code index} = frames recorded so far), null when
     * its payload needed none. Frames out of order, or after the budget is spent, are not recorded.
     */
    public void record(int index, SegmentPlan plan) {
        if (full || index != known || budgetBytes <= 0) {
            return;
        }
        if (plan != null) {
            long cost = PLAN_OVERHEAD + (plan.reassembled == null ? 0 : plan.reassembled.length)
                    + 12L * (plan.segmentFrames == null ? 0 : plan.segmentFrames.length);
            if (spent + cost > budgetBytes) {
                full = true;
                return;
            }
            spent += cost;
            plans.put(index, plan);
        }
        known = index + 1;
    }

    /** Forgets every plan: the capture is listed again from its first frame. */
    public void clear() {
        known = 0;
        plans.clear();
        spent = 0;
        full = false;
    }

    /** Whether the plan of frame {@code index} (or that it had none) was recorded. */
    public boolean knows(int index) {
        return index >= 0 && index < known;
    }

    /** The recorded plan of frame {@code index}; null when it had none or is not {@link #knows known}. */
    public SegmentPlan get(int index) {
        return plans.get(index);
    }
}
