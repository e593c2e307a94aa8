package org.jumbocap.io;

/**
 * What a pcapng Interface Statistics Block says of one interface at the end of a capture (or at the time
 * it was written): the packets received, dropped by the interface and by the operating system, accepted
 * by the capture filter and delivered to the capturing program. A counter the block does not carry is -1.
 *
 * @param interfaceId file-wide index of the interface, as {@link InterfaceInfo#id()}
 */
public record InterfaceStatistics(int interfaceId, long received, long interfaceDropped, long filterAccepted,
                                  long osDropped, long delivered) {
    /** A counter the block does not carry. */
    public static final long ABSENT = -1;
}
