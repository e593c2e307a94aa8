package org.jumbocap.displayfilter;

/**
 * One lexed piece of a display filter.
 *
 * @param kind   what it is
 * @param text   the source text (for strings: the unescaped value)
 * @param column 1-based column of its first character
 */
record Token(Kind kind, String text, int column) {
    enum Kind {
        LPAREN, RPAREN, LBRACE, RBRACE, LBRACKET, RBRACKET, COMMA, RANGE,
        /** {@code &} or {@code bitand}: bitwise and of a field with a mask. */
        BITAND,
        AND, OR, XOR, NOT,
        EQ, NE, ALL_EQ, ANY_NE, LT, LE, GT, GE, CONTAINS, MATCHES, IN,
        /** Field name or unquoted literal: numbers, addresses, MACs, CIDR blocks, value names. */
        WORD,
        /** Double-quoted string. */
        STRING,
        END
    }

    boolean is(Kind k) {
        return kind == k;
    }

    boolean isComparison() {
        return switch (kind) {
            case EQ, NE, ALL_EQ, ANY_NE, LT, LE, GT, GE, CONTAINS, MATCHES -> true;
            default -> false;
        };
    }

    /** How the token reads in an error message. */
    String describe() {
        return switch (kind) {
            case END -> "end of filter";
            case STRING -> "string \"" + text + "\"";
            default -> "'" + text + "'";
        };
    }
}
