package org.jumbocap.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;

/**
 * A buffered UTF-8 writer for standard output. The summary line's arrow is not ASCII, which sends the
 * JDK's encoder down its slow per-character path for nearly every line; this loop encodes directly into
 * its byte buffer. Unpaired surrogates become '?', as the JDK's encoder replaces them.
 */
final class Utf8Writer extends Writer {
    private final OutputStream out;
    private final byte[] buf;
    private int pos;
    /** A high surrogate that ended the last write, waiting for its low half. */
    private char pendingHigh;

    Utf8Writer(OutputStream out, int bufferSize) {
        this.out = out;
        this.buf = new byte[Math.max(bufferSize, 16)];
    }

    @Override
    public void write(int c) throws IOException {
        write(new char[] {(char) c}, 0, 1);
    }

    @Override
    public void write(char[] chars, int off, int len) throws IOException {
        for (int i = off, end = off + len; i < end; i++) {
            put(chars[i]);
        }
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        for (int i = off, end = off + len; i < end; i++) {
            put(s.charAt(i));
        }
    }

    @Override
    public Writer append(CharSequence s) throws IOException {
        CharSequence text = s == null ? "null" : s;
        for (int i = 0, n = text.length(); i < n; i++) {
            put(text.charAt(i));
        }
        return this;
    }

    private void put(char c) throws IOException {
        if (buf.length - pos < 4) {
            drain();
        }
        if (pendingHigh != 0) {
            char high = pendingHigh;
            pendingHigh = 0;
            if (Character.isLowSurrogate(c)) {
                int cp = Character.toCodePoint(high, c);
                buf[pos++] = (byte) (0xF0 | cp >>> 18);
                buf[pos++] = (byte) (0x80 | (cp >>> 12 & 0x3F));
                buf[pos++] = (byte) (0x80 | (cp >>> 6 & 0x3F));
                buf[pos++] = (byte) (0x80 | (cp & 0x3F));
                return;
            }
            buf[pos++] = '?';
            if (buf.length - pos < 4) {
                drain();
            }
        }
        if (c < 0x80) {
            buf[pos++] = (byte) c;
        } else if (c < 0x800) {
            buf[pos++] = (byte) (0xC0 | c >>> 6);
            buf[pos++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c)) {
            pendingHigh = c;
        } else if (Character.isLowSurrogate(c)) {
            buf[pos++] = '?';
        } else {
            buf[pos++] = (byte) (0xE0 | c >>> 12);
            buf[pos++] = (byte) (0x80 | (c >>> 6 & 0x3F));
            buf[pos++] = (byte) (0x80 | (c & 0x3F));
        }
    }

    private void drain() throws IOException {
        if (pos > 0) {
            out.write(buf, 0, pos);
            pos = 0;
        }
    }

    @Override
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (pendingHigh != 0) {
            pendingHigh = 0;
            put('?');
        }
        flush();
        out.close();
    }
}
