package org.jumbocap.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jumbocap.capture.filter.BpfCompiler;
import org.jumbocap.capture.filter.CaptureFilterSyntaxException;
import org.jumbocap.capture.filter.ExtensionHeaderRewriter;

/**
 * Turns the capture filter a user typed into the text given to libpcap: rewritten to see through IPv6
 * extension headers unless asked for the raw text, always checked by libpcap itself first, so the
 * errors are libpcap's (with jumbocap's column when it can point at one).
 *
 * <p>The program libpcap makes of the rewritten text must go into the kernel: at most
 * {@value BpfCompiler#KERNEL_MAX_INSTRUCTIONS} instructions (BPF_MAXINSNS) and no scratch memory read before
 * it is written, or libpcap silently filters in user space, copying every packet up. When the walk at the
 * depth asked for does not fit, the depth is lowered until it does (and the note says so); when even one
 * extension header does not fit, the filter is refused with the options left.
 */
public final class CaptureFilters {
    /**
     * Unoptimized programs up to this length are also optimized as written, a fraction of a second, for
     * libpcap's verdicts on the filter itself; longer ones (hundreds of alternatives) only through their
     * rewritten form, which is what the kernel gets.
     */
    static final int QUICK_TO_OPTIMIZE = 20_000;

    /** Wall-clock bound on compiling a capture filter, whatever libpcap's optimizer makes of it. */
    public static final long COMPILE_LIMIT_SECONDS = 20;

    /**
     * @param text         what goes to libpcap
     * @param rewrote      true when the text differs from the user's
     * @param notes        what the user should know: primitives kept as written, fallbacks, a lowered depth
     * @param instructions the length of the BPF program libpcap makes of {@code text}
     * @param extHeaders   the extension headers the rewritten text walks (0 when not rewritten)
     */
    public record Prepared(String text, boolean rewrote, List<String> notes, int instructions, int extHeaders) {
        /** One line for the user before capturing: what goes into the kernel. */
        public String programLine() {
            String size = String.format(Locale.ROOT, "%,d BPF instructions", instructions);
            if (instructions > BpfCompiler.KERNEL_MAX_INSTRUCTIONS) {
                return "capture filter: " + size + ", more than the " + BpfCompiler.KERNEL_MAX_INSTRUCTIONS
                        + " the kernel takes: libpcap filters in user space, copying every packet up";
            }
            return "capture filter: " + size + " for the kernel (at most " + BpfCompiler.KERNEL_MAX_INSTRUCTIONS + ")"
                    + (rewrote ? ", walking up to " + extHeaders + " IPv6 extension header" + (extHeaders == 1 ? "" : "s") : "");
        }
    }

    private CaptureFilters() {
    }

    /** Work that may outlast its time: compiling a filter with libpcap, and installing it. */
    public interface FilterWork<T> {
        T run() throws CaptureException;
    }

    /**
     * {@link #prepare} on a helper thread, given up after {@code seconds}.
     *
     * @throws TimeoutException when the time ran out, with a message for the user
     */
    public static Prepared prepareWithin(String filter, boolean raw, int maxHeaders, int linkType, int snaplen,
                                         double seconds) throws CaptureException, TimeoutException {
        return within(seconds, timeoutAdvice(raw, maxHeaders), () -> prepare(filter, raw, maxHeaders, linkType, snaplen));
    }

    /**
     * What to try when libpcap takes too long over a filter, leaving out what was already given: a raw
     * filter is not rewritten, and one extension header is the least the rewriter walks.
     */
    public static String timeoutAdvice(boolean raw, int maxHeaders) {
        List<String> ways = new ArrayList<>();
        if (!raw && maxHeaders > 1) {
            ways.add("--ext-headers 1");
        }
        ways.add("fewer alternatives");
        if (!raw) {
            ways.add("--raw-filter");
        }
        return ways.size() == 1 ? ways.get(0)
                : String.join(", ", ways.subList(0, ways.size() - 1)) + " or " + ways.get(ways.size() - 1);
    }

    /**
     * Runs {@code work} on a helper thread and waits at most {@code seconds} ({@code advice}: what the message
     * tells the user to try, see {@link #timeoutAdvice}): libpcap's compiler cannot be
     * interrupted, so a filter its optimizer chews on for minutes is abandoned (the thread is a daemon and
     * dies with the JVM) and reported as one line; Ctrl-C ends the JVM meanwhile as at any other time.
     *
     * @throws TimeoutException when the time ran out, with a message for the user
     */
    public static <T> T within(double seconds, String advice, FilterWork<T> work) throws CaptureException, TimeoutException {
        FutureTask<T> task = new FutureTask<>(work::run);
        Thread t = new Thread(task, "jumbocap-filter-compile");
        t.setDaemon(true);
        t.start();
        try {
            return task.get((long) Math.ceil(seconds * 1000), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            task.cancel(true);
            String s = seconds == Math.rint(seconds) ? String.valueOf((long) seconds) : String.valueOf(seconds);
            throw new TimeoutException("capture filter: libpcap did not finish compiling it within " + s
                    + " s; use " + advice);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CaptureException(CaptureException.Kind.OTHER, "interrupted while compiling the capture filter", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CaptureException c) {
                throw c;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * @param linkType LINKTYPE_/DLT_ value the filter is compiled for
     * @throws CaptureException of kind FILTER when libpcap rejects the user's filter, when it nests deeper
     *                          or holds more tests than jumbocap's rewriter follows (unless {@code raw}), or
     *                          when its rewritten form does not fit the kernel at any depth
     */
    public static Prepared prepare(String filter, boolean raw, int maxHeaders, int linkType, int snaplen)
            throws CaptureException {
        List<String> notes = new ArrayList<>();
        ExtensionHeaderRewriter.Result result = null;
        CaptureFilterSyntaxException unreadable = null;
        if (!raw) {
            // before libpcap, whose optimizer takes minutes over the thousands of tests the limits refuse
            try {
                result = new ExtensionHeaderRewriter(maxHeaders).rewrite(filter);
            } catch (CaptureFilterSyntaxException e) {
                if (e.exceedsLimits()) {
                    throw new CaptureException(CaptureException.Kind.FILTER, "capture filter: " + e.getMessage()
                            + " at column " + e.column() + " (--raw-filter gives it to libpcap as written)");
                }
                unreadable = e;
            }
        }
        List<BpfCompiler.Instruction> asWritten;
        try {
            // the filter as written goes to the kernel only with --raw-filter or when nothing is rewritten;
            // otherwise libpcap only checks it, which its optimizer would make slow
            boolean optimize = raw || result == null || !result.changed();
            asWritten = BpfCompiler.compile(filter, linkType, snaplen, optimize);
            if (!optimize && asWritten.size() <= QUICK_TO_OPTIMIZE) {
                // the optimizer's own verdicts ("expression rejects all packets"), as tcpdump gives them
                asWritten = BpfCompiler.compile(filter, linkType, snaplen, true);
            }
        } catch (BpfCompiler.CompileException e) {
            if (raw) {
                try {
                    new ExtensionHeaderRewriter(maxHeaders).rewrite(filter);
                } catch (CaptureFilterSyntaxException s) {
                    unreadable = s;
                }
            }
            String where = unreadable == null ? ""
                    : " (" + unreadable.getMessage() + " at column " + unreadable.column() + ")";
            throw new CaptureException(CaptureException.Kind.FILTER, "capture filter '"
                    + excerpt(filter, unreadable == null ? 0 : unreadable.column() - 1) + "': " + e.getMessage() + where);
        } catch (LinkageError e) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP_MISSING, CaptureException.LIBPCAP_TEXT, e);
        }
        if (raw) {
            return new Prepared(filter, false, notes, asWritten.size(), 0);
        }
        if (unreadable != null) {
            notes.add("capture filter used as written: jumbocap cannot rewrite it (" + unreadable.getMessage()
                    + " at column " + unreadable.column() + "); IPv6 traffic behind extension headers may be missed");
            return new Prepared(filter, false, notes, asWritten.size(), 0);
        }
        notes.addAll(result.warnings());
        if (!result.changed()) {
            return new Prepared(filter, false, notes, asWritten.size(), 0);
        }
        return fitted(filter, result, maxHeaders, linkType, snaplen, notes);
    }

    /**
     * The rewritten text at the deepest walk whose program the kernel takes, searched from one extension
     * header up: each depth adds about as many instructions as the one before, so a depth whose program
     * would clearly be too long is not compiled at all (libpcap's optimizer takes longest over those). At
     * each depth the alternatives first share their walks, then, when libpcap's optimizer mishandles that
     * form, each test gets its own.
     */
    private static Prepared fitted(String filter, ExtensionHeaderRewriter.Result asked, int maxHeaders, int linkType,
                                   int snaplen, List<String> notes) throws CaptureException {
        Prepared best = null;
        int previous = -1;
        String whyNotDeeper = null;
        for (int depth = 1; depth <= maxHeaders; depth++) {
            if (best != null && previous >= 0) {
                long expected = best.instructions() + (long) (best.instructions() - previous);
                if (expected > BpfCompiler.KERNEL_MAX_INSTRUCTIONS * 11L / 10) {
                    whyNotDeeper = String.format(Locale.ROOT, "at %d it would be about %,d BPF instructions; the kernel "
                            + "takes %d", depth, expected, BpfCompiler.KERNEL_MAX_INSTRUCTIONS);
                    break;
                }
            }
            Prepared found = null;
            int shortest = Integer.MAX_VALUE;
            for (boolean shared : new boolean[] {true, false}) {
                ExtensionHeaderRewriter.Result r = depth == maxHeaders && shared ? asked
                        : rewrite(new ExtensionHeaderRewriter(depth, shared), filter);
                List<BpfCompiler.Instruction> program;
                try {
                    program = BpfCompiler.compile(r.text(), linkType, snaplen);
                } catch (BpfCompiler.CompileException e) {
                    // the optimizer's own verdicts ("expression rejects all packets") hold for the filter as written too
                    List<BpfCompiler.Instruction> asWritten;
                    try {
                        asWritten = BpfCompiler.compile(filter, linkType, snaplen);
                    } catch (BpfCompiler.CompileException w) {
                        throw new CaptureException(CaptureException.Kind.FILTER, "capture filter '" + excerpt(filter, 0)
                                + "': " + w.getMessage());
                    }
                    notes.add("capture filter used as written: libpcap rejects the rewritten form (" + e.getMessage() + ")");
                    return new Prepared(filter, false, notes, asWritten.size(), 0);
                }
                shortest = Math.min(shortest, program.size());
                if (program.size() > BpfCompiler.KERNEL_MAX_INSTRUCTIONS) {
                    break; // giving each test its own walks only makes it longer
                }
                if (BpfCompiler.scratchLoadBeforeStore(program) < 0) {
                    found = new Prepared(r.text(), true, notes, program.size(), depth);
                    break;
                }
            }
            if (found == null) {
                if (depth == 1) {
                    throw refusal(shortest);
                }
                whyNotDeeper = shortest > BpfCompiler.KERNEL_MAX_INSTRUCTIONS
                        ? String.format(Locale.ROOT, "at %d it is %,d BPF instructions; the kernel takes %d", depth, shortest,
                        BpfCompiler.KERNEL_MAX_INSTRUCTIONS)
                        : "at " + depth + " libpcap's optimizer makes a program that reads scratch memory before writing it, "
                        + "which the kernel refuses";
                break;
            }
            previous = best == null ? -1 : best.instructions();
            best = found;
        }
        if (best.extHeaders() < maxHeaders) {
            notes.add("capture filter walks " + best.extHeaders() + " IPv6 extension header" + (best.extHeaders() == 1 ? "" : "s")
                    + ", not " + maxHeaders + ": " + whyNotDeeper);
        }
        return best;
    }

    private static CaptureException refusal(int instructions) {
        if (instructions <= BpfCompiler.KERNEL_MAX_INSTRUCTIONS) {
            return new CaptureException(CaptureException.Kind.FILTER, "capture filter: libpcap's optimizer makes a program "
                    + "of the rewritten filter that reads scratch memory before writing it, which the kernel refuses; "
                    + "use fewer alternatives, or --raw-filter");
        }
        return new CaptureException(CaptureException.Kind.FILTER, String.format(Locale.ROOT, "capture filter: rewritten "
                + "to walk IPv6 extension headers it compiles to %,d BPF instructions even at --ext-headers 1, more "
                + "than the %d the kernel takes (BPF_MAXINSNS): use fewer alternatives, or --raw-filter (blind to "
                + "transport headers behind IPv6 extension headers)", instructions, BpfCompiler.KERNEL_MAX_INSTRUCTIONS));
    }

    /** The filter as an error line quotes it: whole when short, else 40 characters each side of {@code at}. */
    static String excerpt(String filter, int at) {
        int side = org.jumbocap.displayfilter.FilterSyntaxException.EXCERPT_SIDE;
        int from = at - side <= 3 ? 0 : at - side;
        int to = at + side >= filter.length() - 3 ? filter.length() : at + side;
        if (from == 0 && to < filter.length()) {
            to = Math.min(filter.length(), 2 * side);
            to = to >= filter.length() - 3 ? filter.length() : to;
        }
        return (from > 0 ? "..." : "") + filter.substring(from, to) + (to < filter.length() ? "..." : "");
    }

    private static ExtensionHeaderRewriter.Result rewrite(ExtensionHeaderRewriter rewriter, String filter) {
        try {
            return rewriter.rewrite(filter);
        } catch (CaptureFilterSyntaxException e) {
            throw new IllegalStateException("the filter parsed once already", e);
        }
    }
}
