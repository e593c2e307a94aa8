package org.jumbocap.expert;

/** Expert severities, in Wireshark's order. */
public enum Severity {
    CHAT,
    NOTE,
    WARN,
    ERROR;

    public String filterName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
