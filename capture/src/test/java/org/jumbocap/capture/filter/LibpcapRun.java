package org.jumbocap.capture.filter;

import java.io.EOFException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeoutException;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.Pcaps;

/** Runs a capture filter through libpcap over a capture file and answers which frames (1-based) pass. */
public final class LibpcapRun {
    private LibpcapRun() {
    }

    public static Set<Integer> matching(Path file, String filter) throws Exception {
        Map<String, List<Integer>> numbers = new HashMap<>();
        int n = 0;
        for (String key : keys(file, null)) {
            numbers.computeIfAbsent(key, k -> new ArrayList<>()).add(++n);
        }
        Set<Integer> out = new TreeSet<>();
        for (String key : keys(file, filter)) {
            List<Integer> candidates = numbers.get(key);
            if (candidates == null || candidates.isEmpty()) {
                throw new AssertionError("libpcap returned a frame not in the file");
            }
            out.add(candidates.remove(0));
        }
        return out;
    }

    /** One identity per frame read (timestamp, lengths, content hash), in file order. */
    private static List<String> keys(Path file, String filter) throws Exception {
        List<String> keys = new ArrayList<>();
        PcapHandle h = Pcaps.openOffline(file.toString(), PcapHandle.TimestampPrecision.NANO);
        try {
            if (filter != null) {
                h.setFilter(filter, BpfProgram.BpfCompileMode.OPTIMIZE);
            }
            while (true) {
                byte[] raw;
                try {
                    raw = h.getNextRawPacketEx();
                } catch (EOFException e) {
                    break;
                } catch (TimeoutException e) {
                    continue;
                }
                keys.add(h.getTimestamp().getTime() + "." + h.getTimestamp().getNanos() + "/" + h.getOriginalLength()
                        + "/" + raw.length + "/" + Arrays.hashCode(raw));
            }
        } finally {
            h.close();
        }
        return keys;
    }
}
