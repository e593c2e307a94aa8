package org.jumbocap.displayfilter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jumbocap.displayfilter.Token.Kind;

/** Splits a display filter into tokens, each with its 1-based column. */
final class Lexer {
    private static final Map<String, Kind> KEYWORDS = Map.ofEntries(
            Map.entry("and", Kind.AND), Map.entry("or", Kind.OR), Map.entry("xor", Kind.XOR),
            Map.entry("not", Kind.NOT), Map.entry("eq", Kind.EQ), Map.entry("ne", Kind.NE),
            Map.entry("all_eq", Kind.ALL_EQ), Map.entry("any_ne", Kind.ANY_NE),
            Map.entry("lt", Kind.LT), Map.entry("le", Kind.LE), Map.entry("gt", Kind.GT), Map.entry("ge", Kind.GE),
            Map.entry("contains", Kind.CONTAINS), Map.entry("matches", Kind.MATCHES), Map.entry("in", Kind.IN),
            Map.entry("bitand", Kind.BITAND));

    /** Longest symbols first so "===" wins over "==" and "<=" over "<". */
    private static final String[] SYMBOLS = {"===", "!==", "==", "!=", "~=", "<=", ">=", "&&", "||", "^^", "..",
            "<", ">", "!", "~", "&", "(", ")", "{", "}", "[", "]", ","};
    private static final Kind[] SYMBOL_KINDS = {Kind.ALL_EQ, Kind.ANY_NE, Kind.EQ, Kind.NE, Kind.ANY_NE, Kind.LE,
            Kind.GE, Kind.AND, Kind.OR, Kind.XOR, Kind.RANGE, Kind.LT, Kind.GT, Kind.NOT, Kind.MATCHES, Kind.BITAND,
            Kind.LPAREN, Kind.RPAREN, Kind.LBRACE, Kind.RBRACE, Kind.LBRACKET, Kind.RBRACKET, Kind.COMMA};

    private final String src;
    private int pos;

    private Lexer(String src) {
        this.src = src;
    }

    static List<Token> tokens(String filter) {
        return new Lexer(filter).run();
    }

    private List<Token> run() {
        List<Token> out = new ArrayList<>();
        while (true) {
            while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) {
                pos++;
            }
            if (pos >= src.length()) {
                out.add(new Token(Kind.END, "", src.length() + 1));
                return out;
            }
            char c = src.charAt(pos);
            if (c == '"') {
                out.add(string());
            } else if (isWordStart(c)) {
                out.add(word());
            } else {
                out.add(symbol());
            }
        }
    }

    private boolean isWordStart(char c) {
        if (c == '-') {
            return pos + 1 < src.length() && Character.isDigit(src.charAt(pos + 1));
        }
        if (c == ':') {
            // "::1" is an address; a lone ':' is not
            return pos + 1 < src.length() && (src.charAt(pos + 1) == ':' || isWordChar(src.charAt(pos + 1)));
        }
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ':' || c == '-' || c == '/';
    }

    private Token word() {
        int start = pos;
        pos++;
        while (pos < src.length() && isWordChar(src.charAt(pos))) {
            // ".." separates the ends of a range: "8000..8080"
            if (src.charAt(pos) == '.' && pos + 1 < src.length() && src.charAt(pos + 1) == '.') {
                break;
            }
            pos++;
        }
        String text = src.substring(start, pos);
        Kind keyword = KEYWORDS.get(text.toLowerCase(Locale.ROOT));
        return new Token(keyword != null ? keyword : Kind.WORD, text, start + 1);
    }

    private Token symbol() {
        for (int i = 0; i < SYMBOLS.length; i++) {
            if (src.startsWith(SYMBOLS[i], pos)) {
                Token t = new Token(SYMBOL_KINDS[i], SYMBOLS[i], pos + 1);
                pos += SYMBOLS[i].length();
                return t;
            }
        }
        char c = src.charAt(pos);
        if (c == '=') {
            throw new FilterSyntaxException(src, pos + 1, "'=' is not an operator: use == to compare");
        }
        if (c == '|') {
            throw new FilterSyntaxException(src, pos + 1, "'|' alone is not an operator: use || for 'or'");
        }
        throw new FilterSyntaxException(src, pos + 1, "unexpected character '" + c + "'");
    }

    private Token string() {
        int start = pos;
        pos++;
        StringBuilder s = new StringBuilder();
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '"') {
                pos++;
                return new Token(Kind.STRING, s.toString(), start + 1);
            }
            if (c == '\\') {
                if (pos + 1 >= src.length()) {
                    break;
                }
                char e = src.charAt(pos + 1);
                switch (e) {
                    case 'n' -> s.append('\n');
                    case 't' -> s.append('\t');
                    case 'r' -> s.append('\r');
                    case '0' -> s.append('\0');
                    case 'x' -> {
                        if (pos + 3 >= src.length() || Character.digit(src.charAt(pos + 2), 16) < 0
                                || Character.digit(src.charAt(pos + 3), 16) < 0) {
                            throw new FilterSyntaxException(src, pos + 1, "\\x needs two hex digits");
                        }
                        s.append((char) Integer.parseInt(src.substring(pos + 2, pos + 4), 16));
                        pos += 2;
                    }
                    // \\ \" and any other escaped character stand for themselves (a regex keeps "\\d" as \d)
                    default -> {
                        if (e != '\\' && e != '"') {
                            s.append('\\');
                        }
                        s.append(e);
                    }
                }
                pos += 2;
                continue;
            }
            s.append(c);
            pos++;
        }
        throw new FilterSyntaxException(src, start + 1, "string is not closed: missing '\"'");
    }
}
