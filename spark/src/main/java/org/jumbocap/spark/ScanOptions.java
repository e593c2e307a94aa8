package org.jumbocap.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The options of one read, parsed once on the driver and shipped to the executors. */
record ScanOptions(List<String> paths, String displayFilter, boolean verifyChecksums, boolean skipCorruptFiles)
        implements Serializable {

    static ScanOptions of(Map<String, String> properties) {
        Map<String, String> o = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        o.putAll(properties);
        List<String> paths = new ArrayList<>();
        if (o.containsKey("paths")) {
            try {
                for (String p : new ObjectMapper().readValue(o.get("paths"), String[].class)) {
                    paths.add(p);
                }
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("jumbocap: option paths is not a JSON array of strings", e);
            }
        }
        if (o.containsKey("path") && !paths.contains(o.get("path"))) {
            paths.add(o.get("path"));
        }
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("jumbocap: no capture file given: load(path, ...)");
        }
        String onCorrupt = o.getOrDefault("onCorruptFile", "fail").toLowerCase(Locale.ROOT);
        if (!onCorrupt.equals("fail") && !onCorrupt.equals("skip")) {
            throw new IllegalArgumentException("jumbocap: option onCorruptFile is fail or skip, not " + onCorrupt);
        }
        String filter = o.get("displayFilter");
        return new ScanOptions(List.copyOf(paths), filter == null || filter.isBlank() ? null : filter,
                Boolean.parseBoolean(o.getOrDefault("verifyChecksums", "true")), onCorrupt.equals("skip"));
    }
}
