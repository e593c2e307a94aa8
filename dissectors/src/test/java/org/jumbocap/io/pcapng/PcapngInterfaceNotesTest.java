package org.jumbocap.io.pcapng;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jumbocap.io.FrameRecord;
import org.jumbocap.io.InterfaceStatistics;
import org.junit.jupiter.api.Test;

/**
 * The interfaces' comments (opt_comment of an Interface Description Block) and the counters of Interface
 * Statistics Blocks, in a second section whose interface ids start again at 0, as pcapng numbers them.
 */
class PcapngInterfaceNotesTest {
    private static ByteBuffer block(int type, int bodyLength) {
        ByteBuffer b = ByteBuffer.allocate(12 + bodyLength).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(type).putInt(12 + bodyLength);
        return b;
    }

    private static byte[] finish(ByteBuffer b) {
        b.putInt(b.capacity());
        return b.array();
    }

    private static byte[] section() {
        ByteBuffer b = block(PcapngReader.SHB, 16);
        b.putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1);
        return finish(b);
    }

    private static byte[] idb(String comment) {
        byte[] text = comment == null ? new byte[0] : comment.getBytes(StandardCharsets.UTF_8);
        int padded = (text.length + 3) & ~3;
        ByteBuffer b = block(PcapngReader.IDB, 8 + (comment == null ? 0 : 4 + padded) + 4);
        b.putShort((short) 1).putShort((short) 0).putInt(262144);
        if (comment != null) {
            b.putShort((short) 1).putShort((short) text.length).put(text).put(new byte[padded - text.length]);
        }
        b.putInt(0);
        return finish(b);
    }

    /** An ISB with ifrecv, ifdrop and osdrop. */
    private static byte[] isb(int interfaceId, long received, long dropped, long osDropped) {
        ByteBuffer b = block(PcapngReader.ISB, 12 + 3 * 12 + 4);
        b.putInt(interfaceId).putInt(0).putInt(0);
        b.putShort((short) 4).putShort((short) 8).putLong(received);
        b.putShort((short) 5).putShort((short) 8).putLong(dropped);
        b.putShort((short) 7).putShort((short) 8).putLong(osDropped);
        b.putInt(0);
        return finish(b);
    }

    @Test
    void commentsAndStatisticsAreKeptPerFileWideInterface() throws IOException {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(section());
        file.writeBytes(idb("first"));
        file.writeBytes(idb(null));
        file.writeBytes(isb(1, 10, 2, 1));
        file.writeBytes(section());
        file.writeBytes(idb("third"));
        // the second section's interface 0 is the file's interface 2; its interface 5 does not exist
        file.writeBytes(isb(0, 100, 7, 3));
        file.writeBytes(isb(5, 1, 1, 1));
        file.writeBytes(isb(0, 200, -1, 4)); // an ifdrop past 2^63 is no count
        try (PcapngReader reader = new PcapngReader(new ByteArrayInputStream(file.toByteArray()), "notes")) {
            FrameRecord r = new FrameRecord();
            while (reader.next(r)) {
                // no frames
            }
            assertEquals(List.of("first"), reader.interfaceComments(0));
            assertEquals(List.of(), reader.interfaceComments(1));
            assertEquals(List.of("third"), reader.interfaceComments(2));
            assertEquals(List.of(new InterfaceStatistics(1, 10, 2, -1, 1, -1), new InterfaceStatistics(2, 100, 7, -1, 3, -1),
                    new InterfaceStatistics(2, 200, InterfaceStatistics.ABSENT, -1, 4, -1)), reader.interfaceStatistics());
        }
    }
}
