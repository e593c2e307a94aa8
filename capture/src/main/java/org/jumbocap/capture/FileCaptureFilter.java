package org.jumbocap.capture;

import java.util.HashMap;
import java.util.Map;
import org.jumbocap.capture.filter.ExtensionHeaderRewriter;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.LinkTypes;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.Pcaps;
import org.pcap4j.packet.namednumber.DataLinkType;

/**
 * A capture filter (libpcap's grammar) applied to the frames of a file, as {@code tcpdump -r FILE FILTER}
 * applies it, but seeing through IPv6 extension headers as a live capture's filter does: the text is the
 * one {@link CaptureFilters#prepare} gives the kernel, compiled by libpcap ({@code pcap_compile} on a dead
 * handle) and run by libpcap's own filter machine ({@code pcap_offline_filter}) on each frame's bytes and
 * original length. Compiled once per link type (a pcapng file may hold several).
 */
public final class FileCaptureFilter implements AutoCloseable {
    private static final int SNAPLEN = CaptureSource.AF_PACKET_MAX_SNAPLEN;

    private final String expression;
    private final Map<Integer, BpfProgram> programs = new HashMap<>();

    private FileCaptureFilter(String expression) {
        this.expression = expression;
    }

    /**
     * Checks the expression with libpcap for Ethernet, the usual link type; other link types are compiled
     * when a frame of theirs comes.
     *
     * @throws CaptureException of kind FILTER with libpcap's reason when the text is no capture filter,
     *                          LIBPCAP_MISSING when libpcap cannot be loaded
     */
    public static FileCaptureFilter compile(String expression) throws CaptureException {
        FileCaptureFilter f = new FileCaptureFilter(expression);
        f.program(LinkTypes.ETHERNET);
        return f;
    }

    /** The expression as the user wrote it. */
    public String expression() {
        return expression;
    }

    /**
     * Whether the frame passes, judged on its whole captured bytes.
     *
     * @throws CaptureException when the filter has no meaning for the frame's link type
     */
    public boolean matches(FrameRecord frame) throws CaptureException {
        BpfProgram program = program(frame.linkType());
        return program.applyFilter(frame.data(), (int) Math.min(frame.originalLength(), Integer.MAX_VALUE),
                frame.capturedLength());
    }

    private BpfProgram program(int linkType) throws CaptureException {
        BpfProgram p = programs.get(linkType);
        if (p != null) {
            return p;
        }
        String text = CaptureFilters.prepare(expression, false, ExtensionHeaderRewriter.DEFAULT_MAX_HEADERS,
                linkType, SNAPLEN).text();
        try {
            p = Pcaps.compileFilter(SNAPLEN, DataLinkType.getInstance(linkType == LinkTypes.RAW ? 12 : linkType),
                    text, BpfProgram.BpfCompileMode.OPTIMIZE, PcapHandle.PCAP_NETMASK_UNKNOWN);
        } catch (PcapNativeException e) {
            throw new CaptureException(CaptureException.Kind.FILTER, "capture filter '" + expression + "': "
                    + e.getMessage(), e);
        } catch (LinkageError e) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP_MISSING, CaptureException.LIBPCAP_TEXT, e);
        }
        programs.put(linkType, p);
        return p;
    }

    @Override
    public void close() {
        for (BpfProgram p : programs.values()) {
            if (!p.isFreed()) {
                p.free();
            }
        }
        programs.clear();
    }
}
