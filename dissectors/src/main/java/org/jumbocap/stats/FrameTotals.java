package org.jumbocap.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jumbocap.jumbo.JumboKind;

/** The capture's totals: frames and bytes, first and last timestamp, cut frames, link types, sizes, jumbo kinds. */
final class FrameTotals {
    private long frames;
    private long bytes;
    private long capturedBytes;
    private long firstNanos = Long.MAX_VALUE;
    private long lastNanos = Long.MIN_VALUE;
    private long cutFrames;
    private final Map<Integer, long[]> linkTypes = new TreeMap<>();
    private int lastLinkType;
    private long[] lastLinkCount;
    private final Map<JumboKind, long[]> jumbo = new EnumMap<>(JumboKind.class);
    private final SizeHistogram sizes = new SizeHistogram();

    void add(FrameFacts f) {
        long length = f.length;
        frames++;
        bytes += length;
        capturedBytes += f.capturedLength;
        firstNanos = Math.min(firstNanos, f.timestampNanos);
        lastNanos = Math.max(lastNanos, f.timestampNanos);
        if (f.cut) {
            cutFrames++;
        }
        countLinkType(f.linkType);
        sizes.add(length);
        if (f.jumboKind != null) {
            long[] c = jumbo.computeIfAbsent(f.jumboKind, k -> new long[2]);
            c[0]++;
            c[1] += length;
        }
    }

    /** A capture rarely changes link type, so the last one's counter is kept at hand. */
    private void countLinkType(int linkType) {
        if (lastLinkCount == null || lastLinkType != linkType) {
            lastLinkCount = linkTypes.computeIfAbsent(linkType, k -> new long[1]);
            lastLinkType = linkType;
        }
        lastLinkCount[0]++;
    }

    long frames() {
        return frames;
    }

    long bytes() {
        return bytes;
    }

    long capturedBytes() {
        return capturedBytes;
    }

    long firstNanos() {
        return frames == 0 ? 0 : firstNanos;
    }

    long lastNanos() {
        return frames == 0 ? 0 : lastNanos;
    }

    long durationNanos() {
        return frames == 0 ? 0 : lastNanos - firstNanos;
    }

    long cutFrames() {
        return cutFrames;
    }

    Map<Integer, Long> linkTypes() {
        Map<Integer, Long> out = new TreeMap<>();
        linkTypes.forEach((lt, n) -> out.put(lt, n[0]));
        return Collections.unmodifiableMap(out);
    }

    List<CaptureStatistics.KindCount> jumboKinds() {
        List<CaptureStatistics.KindCount> out = new ArrayList<>();
        for (JumboKind k : JumboKind.values()) {
            long[] c = jumbo.getOrDefault(k, new long[2]);
            out.add(new CaptureStatistics.KindCount(k, c[0], c[1]));
        }
        return out;
    }

    long jumboFrames() {
        long n = 0;
        for (long[] c : jumbo.values()) {
            n += c[0];
        }
        return n;
    }

    long jumboBytes() {
        long n = 0;
        for (long[] c : jumbo.values()) {
            n += c[1];
        }
        return n;
    }

    SizeHistogram sizes() {
        return sizes;
    }
}
