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
    private final char[] chunk = new char[4096];
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
        encode(chars, off, off + len);
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        // in chunks through a char array: String.charAt checks its index on every call
        while (len > 0) {
            int n = Math.min(len, chunk.length);
            s.getChars(off, off + n, chunk, 0);
            encode(chunk, 0, n);
            off += n;
            len -= n;
        }
    }

    @Override
    public Writer append(CharSequence s) throws IOException {
        String text = String.valueOf(s);
        write(text, 0, text.length());
        return this;
    }

    /** Encodes {@code chars[from, to)}: ASCII runs in a tight loop, anything else character by character. */
    private void encode(char[] chars, int from, int to) throws IOException {
        int i = from;
        while (i < to) {
            if (pendingHigh == 0) {
                int room = buf.length - pos;
                int end = Math.min(to, i + room);
                byte[] b = buf;
                int p = pos;
                while (i < end) {
                    char c = chars[i];
                    if (c >= 0x80) {
                        break;
                    }
                    b[p++] = (byte) c;
                    i++;
                }
                pos = p;
                if (i == to) {
                    return;
                }
                if (pos == buf.length) {
                    drain();
                    continue;
                }
            }
            put(chars[i++]);
        }
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

    /** Bytes already in UTF-8, after the text written before them. */
    void writeUtf8(byte[] bytes, int off, int len) throws IOException {
        if (pendingHigh != 0) {
            pendingHigh = 0;
            put('?'); // a high surrogate that no low half follows, as the JDK's encoder writes it
        }
        if (len > buf.length - pos) {
            drain();
            if (len >= buf.length) {
                out.write(bytes, off, len);
                return;
            }
        }
        System.arraycopy(bytes, off, buf, pos, len);
        pos += len;
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
