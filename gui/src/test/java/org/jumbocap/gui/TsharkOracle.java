package org.jumbocap.gui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.HashMap;

/**
 * The tshark field dumps committed beside the kernel-made samples: an answer key made by another tool,
 * so the viewer's counts are checked against something it did not compute.
 */
final class TsharkOracle {
    private final List<Map<String, String>> rows = new ArrayList<>();

    private TsharkOracle(Path tsv) throws IOException {
        List<String> lines = Files.readAllLines(tsv);
        String[] header = lines.get(0).split("\t", -1);
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], i < cells.length ? cells[i] : "");
            }
            rows.add(row);
        }
    }

    static TsharkOracle forSample(Path sample) throws IOException {
        return new TsharkOracle(sample.resolveSibling("expected").resolve("tshark-fields")
                .resolve(sample.getFileName() + ".tsv"));
    }

    int frames() {
        return rows.size();
    }

    long count(String field, java.util.function.LongPredicate test) {
        return rows.stream().map(r -> r.getOrDefault(field, ""))
                .filter(v -> !v.isEmpty())
                .mapToLong(v -> Long.parseLong(v.split(",")[0]))
                .filter(test).count();
    }

    long max(String field) {
        return rows.stream().map(r -> r.getOrDefault(field, "")).filter(v -> !v.isEmpty())
                .mapToLong(v -> Arrays.stream(v.split(",")).mapToLong(Long::parseLong).max().orElse(0)).max().orElse(0);
    }

    /** Frame numbers whose {@code field} tshark printed a value for, in frame order. */
    List<Long> numbers(String field) {
        return rows.stream().filter(r -> !r.getOrDefault(field, "").isEmpty())
                .map(r -> Long.parseLong(r.get("frame.number"))).toList();
    }

    /** tshark's value of a field in a frame ("" when it has none). */
    String value(long number, String field) {
        return rows.stream().filter(r -> r.get("frame.number").equals(Long.toString(number))).findFirst()
                .map(r -> r.getOrDefault(field, "")).orElse("");
    }
}
