package org.jumbocap.cli;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;

/** Standard output's writer, which also takes text already encoded as UTF-8, in order with the rest. */
final class Utf8PrintWriter extends PrintWriter {
    private final Utf8Writer utf8;

    Utf8PrintWriter(Utf8Writer utf8) {
        super(utf8);
        this.utf8 = utf8;
    }

    /** {@code bytes[off, off + len)}, valid UTF-8, as if its text were written; an I/O error sets the error flag. */
    void writeUtf8(byte[] bytes, int off, int len) {
        synchronized (lock) {
            try {
                utf8.writeUtf8(bytes, off, len);
            } catch (InterruptedIOException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                setError();
            }
        }
    }
}
