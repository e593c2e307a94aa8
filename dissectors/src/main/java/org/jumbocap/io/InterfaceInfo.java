package org.jumbocap.io;

/**
 * One capture interface of a file: the pcap file header, or a pcapng Interface Description Block.
 *
 * @param id                    file-wide index, the value of {@link FrameRecord#interfaceId()}
 * @param section               0-based pcapng section holding the interface (0 for pcap)
 * @param localId               interface id inside its section, as packet blocks refer to it
 * @param linkType              LINKTYPE_ value
 * @param snaplen               snapshot length, 0 when unlimited or unknown
 * @param name                  if_name, or null
 * @param description           if_description, or null
 * @param tsresol               if_tsresol byte: high bit clear = 10^-n seconds, set = 2^-n seconds
 * @param timestampOffsetSeconds if_tsoffset, added to every timestamp
 */
public record InterfaceInfo(int id, int section, int localId, int linkType, long snaplen, String name,
                            String description, int tsresol, long timestampOffsetSeconds) {
    /** if_tsresol for microseconds, the pcapng default. */
    public static final int TSRESOL_MICROS = 6;
    public static final int TSRESOL_NANOS = 9;

    /**
     * True when timestamps carry more than whole microseconds: a decimal resolution finer than 10^-6 s
     * or any binary one (2^-n s is no whole number of microseconds); times then print with nine decimals.
     */
    public boolean finerThanMicroseconds() {
        return (tsresol & 0x80) != 0 || tsresol > TSRESOL_MICROS;
    }

    /** "10^-6 s", "2^-20 s". */
    public String resolutionText() {
        return (tsresol & 0x80) == 0 ? "10^-" + tsresol + " s" : "2^-" + (tsresol & 0x7F) + " s";
    }

    @Override
    public String toString() {
        return "interface " + id + (name == null ? "" : " " + name) + " (" + LinkTypes.name(linkType) + ", snaplen "
                + snaplen + ", " + resolutionText() + ")";
    }
}
