package org.jumbocap.capture;

import org.pcap4j.core.Pcaps;

/** The capture library jumbocap finds at run time, for {@code --version} and bug reports. */
public final class CaptureLibrary {
    private CaptureLibrary() {
    }

    /** "libpcap version 1.10.3 (with TPACKET_V3)", or a line saying it is missing. */
    public static String versionLine() {
        try {
            return Pcaps.libVersion();
        } catch (LinkageError | RuntimeException e) {
            return CaptureException.LIBPCAP_TEXT;
        }
    }
}
