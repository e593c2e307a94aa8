package org.jumbocap.capture;

import java.util.ArrayList;
import java.util.List;
import org.jumbocap.capture.filter.BpfCompiler;
import org.jumbocap.capture.filter.CaptureFilterSyntaxException;
import org.jumbocap.capture.filter.ExtensionHeaderRewriter;

/**
 * Turns the capture filter a user typed into the text given to libpcap: rewritten to see through IPv6
 * extension headers unless asked for the raw text, always checked by libpcap itself first, so the
 * errors are libpcap's (with jumbocap's column when it can point at one).
 */
public final class CaptureFilters {
    /**
     * @param text     what goes to libpcap
     * @param rewrote  true when the text differs from the user's
     * @param notes    what the user should know: primitives kept as written, fallbacks
     */
    public record Prepared(String text, boolean rewrote, List<String> notes) {
    }

    private CaptureFilters() {
    }

    /**
     * @param linkType LINKTYPE_/DLT_ value the filter is compiled for
     * @throws CaptureException of kind FILTER when libpcap rejects the user's filter, or when it nests deeper
     *                          or holds more tests than jumbocap's rewriter follows (unless {@code raw})
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
        try {
            BpfCompiler.compile(filter, linkType, snaplen);
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
            throw new CaptureException(CaptureException.Kind.FILTER, "capture filter '" + filter + "': "
                    + e.getMessage() + where);
        } catch (LinkageError e) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP_MISSING, CaptureException.LIBPCAP_TEXT, e);
        }
        if (raw) {
            return new Prepared(filter, false, notes);
        }
        if (unreadable != null) {
            notes.add("capture filter used as written: jumbocap cannot rewrite it (" + unreadable.getMessage()
                    + " at column " + unreadable.column() + "); IPv6 traffic behind extension headers may be missed");
            return new Prepared(filter, false, notes);
        }
        notes.addAll(result.warnings());
        if (!result.changed()) {
            return new Prepared(filter, false, notes);
        }
        try {
            BpfCompiler.compile(result.text(), linkType, snaplen);
        } catch (BpfCompiler.CompileException e) {
            notes.add("capture filter used as written: libpcap rejects the rewritten form (" + e.getMessage() + ")");
            return new Prepared(filter, false, notes);
        }
        return new Prepared(result.text(), true, notes);
    }
}
