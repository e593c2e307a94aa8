package org.jumbocap.cli.engine;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.jumbocap.render.SafeText;

/**
 * An output file written under a temporary name beside its target ({@code .NAME.XXXXXXXX.part}, in the
 * same directory, so on the same file system) and renamed onto the target only when complete, as rsync
 * does: a reader never sees half a file under the final name, two writers of the same name each write
 * their own part and the last rename wins whole, and a full disk, an error or a signal leaves the
 * previous file (or none), never a cut one. A part not committed is deleted: by {@link #abandon}, or,
 * when a signal (SIGINT, SIGTERM) ends the JVM, by a shutdown hook that says so in one line on standard
 * error; the JVM's exit status is then 130 or 143. A target that exists and is not a regular file (a
 * device such as {@code /dev/null}, a named pipe) is written in place: it cannot be replaced, and what is
 * written to it cannot be taken back.
 */
public final class PartFile {
    private static final Set<PartFile> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(PartFile::abandonAllOnExit, "jumbocap-part-files"));
    }

    private final Path target;
    private final Path part;
    /** Writes go to the target itself (a device or a pipe): nothing to rename or delete. */
    private final boolean inPlace;
    private boolean done;

    private PartFile(Path target, Path part, boolean inPlace) {
        this.target = target;
        this.part = part;
        this.inPlace = inPlace;
    }

    /**
     * Reserves a part beside {@code target} (created empty). A target that is a symbolic link is replaced
     * through it: the file it points to gets the new content.
     */
    public static PartFile beside(Path target) throws IOException {
        Path t = target;
        if (Files.isSymbolicLink(t)) {
            t = t.toRealPath();
        }
        if (Files.exists(t) && !Files.isRegularFile(t)) {
            if (Files.isDirectory(t)) {
                throw new java.nio.file.FileSystemException(target.toString(), null, "is a directory");
            }
            return new PartFile(t, t, true);
        }
        Path dir = t.toAbsolutePath().getParent();
        String name = t.getFileName().toString();
        for (int attempt = 0; ; attempt++) {
            Path part = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 32 | 1L << 32)
                    .substring(1) + ".part");
            try {
                Files.newOutputStream(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
            } catch (FileAlreadyExistsException e) {
                if (attempt < 16) {
                    continue;
                }
                throw e;
            } catch (java.nio.file.NoSuchFileException e) {
                throw new java.nio.file.NoSuchFileException(target.toString());
            } catch (java.nio.file.AccessDeniedException e) {
                throw new java.nio.file.AccessDeniedException(target.toString());
            }
            PartFile p = new PartFile(t, part, false);
            OPEN.add(p);
            return p;
        }
    }

    /** The temporary file the content is written to. */
    public Path part() {
        return part;
    }

    public Path target() {
        return target;
    }

    /** A stream over the part (from its start). */
    public OutputStream open() throws IOException {
        if (inPlace) {
            return Files.newOutputStream(part, StandardOpenOption.WRITE);
        }
        return Files.newOutputStream(part, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    /** Renames the complete part onto the target, atomically (the target is replaced whole). */
    public synchronized void commit() throws IOException {
        if (done) {
            throw new IOException(target + ": not written (stopped)");
        }
        if (inPlace) {
            done = true;
            return;
        }
        try {
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            abandon();
            throw e;
        }
        done = true;
        OPEN.remove(this);
    }

    /** Deletes the part; the target is left as it was. Does nothing once committed. */
    public synchronized void abandon() {
        if (done) {
            return;
        }
        done = true;
        OPEN.remove(this);
        if (inPlace) {
            return;
        }
        try {
            Files.deleteIfExists(part);
        } catch (IOException e) {
            // a part that cannot be deleted stays hidden beside the target; nothing more to do
        }
    }

    /** True once committed or abandoned. */
    public synchronized boolean isDone() {
        return done;
    }

    /** The shutdown hook: parts still open when the JVM ends (a signal) are deleted, and said so. */
    private static void abandonAllOnExit() {
        if (OPEN.isEmpty()) {
            return;
        }
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        for (PartFile p : Set.copyOf(OPEN)) {
            boolean removed;
            synchronized (p) {
                removed = !p.done;
                p.abandon();
            }
            if (removed) {
                err.println("jumbocap: stopped before " + SafeText.of(p.target.toString())
                        + " was complete: not written (a previous file of that name is left as it was)");
            }
        }
        err.flush();
    }
}
