package org.jumbocap.render;

import org.jumbocap.expert.Severity;

/** ANSI colours for terminal output; every method returns the text unchanged when colour is off. */
public final class Colors {
    private static final String RESET = "\u001b[0m";
    private static final String CYAN_BOLD = "\u001b[1;36m";
    private static final String RED = "\u001b[31m";
    private static final String YELLOW = "\u001b[33m";
    private static final String BOLD = "\u001b[1m";
    private static final String DIM = "\u001b[2m";

    public static final Colors NONE = new Colors(false);
    public static final Colors ANSI = new Colors(true);

    private final boolean enabled;

    private Colors(boolean enabled) {
        this.enabled = enabled;
    }

    public static Colors of(boolean enabled) {
        return enabled ? ANSI : NONE;
    }

    public boolean enabled() {
        return enabled;
    }

    private String wrap(String code, String text) {
        return enabled ? code + text + RESET : text;
    }

    public String jumbo(String text) {
        return wrap(CYAN_BOLD, text);
    }

    public String error(String text) {
        return wrap(RED, text);
    }

    public String warn(String text) {
        return wrap(YELLOW, text);
    }

    public String bold(String text) {
        return wrap(BOLD, text);
    }

    public String dim(String text) {
        return wrap(DIM, text);
    }

    public String severity(Severity severity, String text) {
        return switch (severity) {
            case ERROR -> error(text);
            case WARN -> warn(text);
            default -> text;
        };
    }
}
