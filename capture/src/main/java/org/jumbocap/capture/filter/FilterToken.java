package org.jumbocap.capture.filter;

/** One lexical token of a libpcap capture filter, with its place in the source text. */
record FilterToken(Kind kind, String text, int start, int end) {
    enum Kind {
        /** Names, numbers, IPv4/IPv6/MAC addresses, port ranges like {@code 1-100}. */
        WORD,
        /** A backslash-escaped protocol name such as {@code \tcp}. */
        ESCAPED,
        LPAREN, RPAREN, LBRACK, RBRACK, COLON,
        /** Arithmetic operator: + - * / % & | ^ << >>. */
        ARITH,
        /** Relational operator: = == != < <= > >=. */
        RELOP,
        /** {@code and} / {@code &&}. */
        AND,
        /** {@code or} / {@code ||}. */
        OR,
        /** {@code not} / {@code !}. */
        NOT,
        EOF
    }

    boolean is(Kind k) {
        return kind == k;
    }

    boolean isWord(String w) {
        return kind == Kind.WORD && text.equalsIgnoreCase(w);
    }
}
