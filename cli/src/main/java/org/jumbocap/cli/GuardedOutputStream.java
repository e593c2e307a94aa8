package org.jumbocap.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.jumbocap.cli.engine.OutputClosedException;

/**
 * Turns a failed write to standard output into {@link OutputClosedException}. A {@link java.io.PrintWriter}
 * swallows {@link IOException}s, so without this a closed pipe would go unnoticed and the whole capture
 * would be decoded for nobody.
 */
final class GuardedOutputStream extends FilterOutputStream {
    GuardedOutputStream(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) {
        try {
            out.write(b);
        } catch (IOException e) {
            throw new OutputClosedException(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw new OutputClosedException(e);
        }
    }

    @Override
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new OutputClosedException(e);
        }
    }
}
