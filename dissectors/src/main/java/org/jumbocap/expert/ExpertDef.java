package org.jumbocap.expert;

import java.util.Objects;

/**
 * An expert finding declared once.
 *
 * @param id       stable id, also the filter value of {@code expert.id} ("ipv6.jumbo.plen_not_zero")
 * @param group    kind of finding
 * @param severity how bad it is
 * @param summary  message; may hold {@link String#format} placeholders filled per item
 */
public record ExpertDef(String id, ExpertGroup group, Severity severity, String summary) {
    public ExpertDef {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(summary, "summary");
    }

    public String format(Object... args) {
        return args == null || args.length == 0 ? summary : String.format(java.util.Locale.ROOT, summary, args);
    }

    @Override
    public String toString() {
        return id;
    }
}
