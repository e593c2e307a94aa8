package org.jumbocap.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.jumbocap.cli.engine.OutputClosedException;

/**
 * Turns a failed write to standard output into {@link OutputClosedException}. A {@link java.io.PrintWriter}
 * swallows {@link IOException}s, so without this a closed pipe would go unnoticed and the whole capture
 * would be decoded for nobody, and a full disk would leave a cut output and exit status 0. The first
 * failure is thrown and kept ({@link #failure}); what is written after it is dropped, so the line that
 * says it can still be printed and the command end.
 */
final class GuardedOutputStream extends FilterOutputStream {
    private OutputClosedException failure;

    GuardedOutputStream(OutputStream out) {
        super(out);
    }

    /** The first write that failed, or null. */
    OutputClosedException failure() {
        return failure;
    }

    private OutputClosedException failed(IOException e) {
        failure = OutputClosedException.of(e);
        return failure;
    }

    @Override
    public void write(int b) {
        if (failure != null) {
            return;
        }
        try {
            out.write(b);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (failure != null) {
            return;
        }
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() {
        if (failure != null) {
            return;
        }
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void close() {
        try {
            flush();
        } finally {
            try {
                out.close();
            } catch (IOException e) {
                if (failure == null) {
                    throw failed(e);
                }
            }
        }
    }
}
