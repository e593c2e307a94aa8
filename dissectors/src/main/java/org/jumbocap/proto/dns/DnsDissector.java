package org.jumbocap.proto.dns;

import java.util.Locale;
import org.jumbocap.buffer.FrameBuffer;
import org.jumbocap.dissect.DissectionContext;
import org.jumbocap.dissect.StreamPduDissector;
import org.jumbocap.field.FieldDef;
import org.jumbocap.tree.FieldFormat;
import org.jumbocap.tree.FieldNode;

/**
 * DNS messages (RFC 1035) over UDP, one per datagram, and over TCP, each after a 2-byte length, as many
 * as a segment holds; multicast DNS (RFC 6762) on UDP port 5353. Names are decoded with compression
 * pointers followed at most {@link #MAX_POINTERS} times and never past {@link #MAX_NAME} bytes, so a
 * hostile pointer loop ends in a note, not a hang; every loop consumes bytes of the message or is bounded
 * by those two limits, and nothing is allocated from a length the packet gives. The Info column is
 * tshark's ("Standard query 0x1234 A example.com", "Standard query response 0x1234 A example.com A 192.0.2.1").
 * Without TCP reassembly, a message that runs past its segment is decoded as far as the segment goes, with
 * a note.
 */
final class DnsDissector implements StreamPduDissector {
    static final int PORT = 53;
    static final int MDNS_PORT = 5353;
    static final int MAX_POINTERS = 64;
    static final int MAX_NAME = 255;
    /**
     * Messages decoded from one TCP segment, each a layer: a segment of garbage on port 53 (the middle of
     * a zone transfer) could otherwise make one layer per two bytes.
     */
    static final int MAX_MESSAGES = 16;
    private static final int HEADER = 12;

    private final boolean tcp;
    private final boolean mdns;

    DnsDissector(boolean tcp, boolean mdns) {
        this.tcp = tcp;
        this.mdns = mdns;
    }

    /** Stops a message's decode where its bytes end; the note, if any, is already made. */
    private static final class Stop extends RuntimeException {
        static final Stop INSTANCE = new Stop();

        private Stop() {
            super(null, null, false, false);
        }
    }

    /** Over TCP, a message is its 2-byte length and that many bytes (RFC 1035 4.2.2), so TCP can reassemble it. */
    @Override
    public long pduLength(FrameBuffer b, int offset, int available) {
        return available < 2 ? NEED_MORE : 2 + b.u16(offset);
    }

    @Override
    public void dissect(DissectionContext ctx, int offset, long length) {
        if (!tcp) {
            message(ctx, offset, -1, (int) Math.min(length, Integer.MAX_VALUE), (int) Math.min(length, Integer.MAX_VALUE));
            return;
        }
        FrameBuffer b = ctx.buffer();
        long segmentEnd = offset + length;
        int p = offset;
        int messages = 0;
        while (p + 2L <= segmentEnd) {
            if (++messages > MAX_MESSAGES) {
                ctx.expert(ctx.currentLayer(), DnsFields.TOO_MANY_MESSAGES, MAX_MESSAGES);
                return;
            }
            int messageLength = b.u16(p);
            int here = (int) Math.min(messageLength, segmentEnd - p - 2);
            message(ctx, p + 2, p, messageLength, here);
            p += 2 + messageLength;
        }
    }

    /**
     * One message.
     *
     * @param start        frame offset of the header
     * @param lengthPrefix frame offset of TCP's 2-byte length, or -1
     * @param length       the message's length
     * @param here         bytes of it this segment or datagram holds (less than {@code length} when it continues)
     */
    private void message(DissectionContext ctx, int start, int lengthPrefix, int length, int here) {
        FrameBuffer b = ctx.buffer();
        int layerStart = lengthPrefix >= 0 ? lengthPrefix : start;
        int shown = Math.max(0, Math.min(here + start - layerStart, b.remaining(layerStart)));
        FieldNode dns = ctx.addLayer(mdns ? DnsFields.MDNS : DnsFields.DNS, layerStart, shown);
        if (lengthPrefix >= 0) {
            dns.add(DnsFields.LENGTH, lengthPrefix, 2, length);
        }
        if (here < length) {
            ctx.expert(dns, DnsFields.CONTINUES, length, here);
        }
        StringBuilder info = ctx.hasTree() ? new StringBuilder(64) : null;
        if (info != null) {
            ctx.setInfo(info::toString);
        }
        Message m = new Message(ctx, dns, start, length, start + here, info);
        try {
            m.decode();
        } catch (Stop stop) {
            // decoded as far as the bytes go
        }
    }

    /** The decode of one message: its bounds and the name buffer. */
    private final class Message {
        final DissectionContext ctx;
        final FrameBuffer b;
        final FieldNode dns;
        final int start;
        final int length;
        /** Frame offset where this message's bytes present here end. */
        final int limit;
        final StringBuilder info;
        final StringBuilder name = new StringBuilder(64);
        int labels;
        /** Wireshark's text for a name that could not be read whole ("<Name too long>"), or null. */
        String badName;

        Message(DissectionContext ctx, FieldNode dns, int start, int length, int limit, StringBuilder info) {
            this.ctx = ctx;
            this.b = ctx.buffer();
            this.dns = dns;
            this.start = start;
            this.length = length;
            this.limit = limit;
            this.info = info;
        }

        /** Stops when {@code n} bytes at {@code at} are not in the message as held here. */
        void need(int at, int n) {
            if ((long) at + n > limit) {
                if (limit >= start + length) {
                    ctx.expert(dns, DnsFields.COUNT_BEYOND);
                }
                throw Stop.INSTANCE;
            }
        }

        void decode() {
            need(start, HEADER);
            int id = b.u16(start);
            int flags = b.u16(start + 2);
            boolean response = (flags & 0x8000) != 0;
            int opcode = (flags >>> 11) & 0xF;
            int rcode = flags & 0xF;
            dns.add(DnsFields.ID, start, 2, id);
            FieldNode f = dns.add(DnsFields.FLAGS, start + 2, 2, flags);
            f.add(DnsFields.FLAGS_RESPONSE, start + 2, 2, response);
            f.add(DnsFields.FLAGS_OPCODE, start + 2, 2, opcode);
            if (response) {
                f.add(DnsFields.FLAGS_AUTHORITATIVE, start + 2, 2, (flags & 0x0400) != 0);
            }
            f.add(DnsFields.FLAGS_TRUNCATED, start + 2, 2, (flags & 0x0200) != 0);
            f.add(DnsFields.FLAGS_RECDESIRED, start + 2, 2, (flags & 0x0100) != 0);
            if (response) {
                f.add(DnsFields.FLAGS_RECAVAIL, start + 2, 2, (flags & 0x0080) != 0);
            }
            f.add(DnsFields.FLAGS_Z, start + 2, 2, (flags & 0x0040) != 0);
            if (response) {
                f.add(DnsFields.FLAGS_AUTHENTICATED, start + 2, 2, (flags & 0x0020) != 0);
            }
            f.add(DnsFields.FLAGS_CHECKDISABLE, start + 2, 2, (flags & 0x0010) != 0);
            if (response) {
                f.add(DnsFields.FLAGS_RCODE, start + 2, 2, rcode);
            }
            int questions = b.u16(start + 4);
            int answers = b.u16(start + 6);
            int authority = b.u16(start + 8);
            int additional = b.u16(start + 10);
            dns.add(DnsFields.COUNT_QUERIES, start + 4, 2, questions);
            dns.add(DnsFields.COUNT_ANSWERS, start + 6, 2, answers);
            dns.add(DnsFields.COUNT_AUTH_RR, start + 8, 2, authority);
            dns.add(DnsFields.COUNT_ADD_RR, start + 10, 2, additional);
            if (info != null) {
                String op = DnsFields.OPCODES.get((long) opcode);
                info.append(op != null ? op : "Unknown operation (" + opcode + ")");
                if (response) {
                    info.append(" response");
                }
                info.append(String.format(Locale.ROOT, " 0x%04x", id));
                if (response && rcode != 0) {
                    String rc = DnsFields.RCODES.get((long) rcode);
                    info.append(' ').append(rc != null ? rc : "Unknown error (" + rcode + ")");
                }
                dns.setText(() -> (mdns ? DnsFields.MDNS : DnsFields.DNS).label() + " (" + (response ? "response" : "query") + ")");
            }
            int p = start + HEADER;
            for (int i = 0; i < questions; i++) {
                p = question(p);
            }
            int records = answers + authority + additional;
            for (int i = 0; i < records; i++) {
                p = record(p);
            }
        }

        /** Reads the name at {@code at} into {@link #name}; returns where the name ends in place. */
        int readName(int at) {
            name.setLength(0);
            labels = 0;
            badName = null;
            int pos = at;
            int end = -1;
            int pointers = 0;
            int wire = 0;
            boolean cut = false;
            while (true) {
                need(pos, 1);
                int len = b.u8(pos);
                if (len == 0) {
                    if (end < 0) {
                        end = pos + 1;
                    }
                    break;
                }
                if ((len & 0xC0) == 0xC0) {
                    need(pos, 2);
                    int target = ((len & 0x3F) << 8) | b.u8(pos + 1);
                    if (end < 0) {
                        end = pos + 2;
                    }
                    if (target >= length || start + target >= limit) {
                        ctx.expert(dns, DnsFields.NAME_BAD_POINTER, target, length);
                        break;
                    }
                    if (++pointers > MAX_POINTERS) {
                        ctx.expert(dns, DnsFields.NAME_LOOP, MAX_POINTERS);
                        badName = "<Name contains a pointer that loops>";
                        break;
                    }
                    pos = start + target;
                    continue;
                }
                if ((len & 0xC0) != 0) {
                    ctx.expert(dns, DnsFields.NAME_BAD_LABEL, len & 0xC0);
                    throw Stop.INSTANCE;
                }
                need(pos, 1 + len);
                wire += 1 + len;
                if (wire > MAX_NAME) {
                    if (!cut) {
                        ctx.expert(dns, DnsFields.NAME_TOO_LONG, MAX_NAME);
                        badName = "<Name too long>";
                        cut = true;
                    }
                } else {
                    if (name.length() > 0) {
                        name.append('.');
                    }
                    for (int i = 1; i <= len; i++) {
                        int c = b.u8(pos + i);
                        if (c == '.' || c == '\\') {
                            name.append('\\').append((char) c);
                        } else if (c > 0x20 && c < 0x7F) {
                            name.append((char) c);
                        } else {
                            name.append('\\').append(String.format(Locale.ROOT, "%03d", c));
                        }
                    }
                    labels++;
                }
                pos += 1 + len;
            }
            return end;
        }

        String nameText() {
            return badName != null ? badName : name.length() == 0 ? "<Root>" : name.toString();
        }

        int question(int at) {
            int end = readName(at);
            need(end, 4);
            String qname = ctx.hasTree() ? nameText() : null;
            int nameLength = name.length();
            int count = labels;
            int type = b.u16(end);
            int cls = b.u16(end + 2);
            FieldNode q = dns.add(DnsFields.QUERY, at, end + 4 - at, null);
            q.add(DnsFields.QRY_NAME, at, end - at, qname);
            q.add(DnsFields.QRY_NAME_LEN, at, end - at, nameLength).generated();
            q.add(DnsFields.COUNT_LABELS, at, end - at, count).generated();
            q.add(DnsFields.QRY_TYPE, end, 2, type);
            boolean unicast = mdns && (cls & 0x8000) != 0;
            if (mdns) {
                q.add(DnsFields.QRY_QU, end + 2, 2, unicast);
                cls &= 0x7FFF;
            }
            q.add(DnsFields.QRY_CLASS, end + 2, 2, cls);
            if (info != null) {
                String typeName = typeName(type);
                String clsName = DnsFields.CLASSES.getOrDefault((long) cls, String.format(Locale.ROOT, "0x%04x", cls));
                q.setText(qname + ": type " + typeName + ", class " + clsName);
                info.append(' ').append(typeName).append(' ').append(qname);
                if (mdns) {
                    info.append(unicast ? ", \"QU\" question" : ", \"QM\" question");
                }
            }
            return end + 4;
        }

        int record(int at) {
            int end = readName(at);
            String owner = nameText();
            need(end, 10);
            int type = b.u16(end);
            int cls = b.u16(end + 2);
            long ttl = b.u32(end + 4);
            int rdLength = b.u16(end + 8);
            int rd = end + 10;
            FieldNode rr = dns.add(DnsFields.ANSWER, at, rd - at, null);
            rr.add(DnsFields.RESP_NAME, at, end - at, owner);
            rr.add(DnsFields.RESP_TYPE, end, 2, type);
            String typeName = typeName(type);
            if (info != null) {
                info.append(' ').append(typeName);
                if (mdns && type != 41 && (cls & 0x8000) != 0) {
                    info.append(", cache flush");
                }
                rr.setText(owner + ": type " + typeName);
            }
            if (type == 41) {
                rr.add(DnsFields.UDP_PAYLOAD_SIZE, end + 2, 2, cls);
                rr.add(DnsFields.EXT_RCODE, end + 4, 1, (ttl >>> 24) & 0xFF);
                rr.add(DnsFields.EDNS0_VERSION, end + 5, 1, (ttl >>> 16) & 0xFF);
                rr.add(DnsFields.RESP_Z, end + 6, 2, ttl & 0xFFFF);
            } else {
                if (mdns) {
                    rr.add(DnsFields.RESP_CACHE_FLUSH, end + 2, 2, (cls & 0x8000) != 0);
                    cls &= 0x7FFF;
                }
                rr.add(DnsFields.RESP_CLASS, end + 2, 2, cls);
                rr.add(DnsFields.RESP_TTL, end + 4, 4, ttl);
            }
            rr.add(DnsFields.RESP_LEN, end + 8, 2, rdLength);
            if ((long) rd + rdLength > start + length) {
                ctx.expert(rr, DnsFields.RR_BEYOND, rdLength, Math.max(0, start + length - rd));
                throw Stop.INSTANCE;
            }
            need(rd, rdLength);
            rr.setLength(rd + rdLength - at);
            rdata(rr, type, rd, rdLength);
            return rd + rdLength;
        }

        private void rdata(FieldNode rr, int type, int rd, int rdLength) {
            switch (type) {
                case 1 -> {
                    if (rdLength == 4) {
                        rr.add(DnsFields.A, rd, 4, ctx.treeBytes(rd, 4));
                        appendInfo(' ', FieldFormat.address(b.bytes(rd, 4)));
                        return;
                    }
                }
                case 28 -> {
                    if (rdLength == 16) {
                        rr.add(DnsFields.AAAA, rd, 16, ctx.treeBytes(rd, 16));
                        appendInfo(' ', FieldFormat.address(b.bytes(rd, 16)));
                        return;
                    }
                }
                case 2, 5, 12 -> {
                    int end = readName(rd);
                    FieldDef def = type == 2 ? DnsFields.NS : type == 5 ? DnsFields.CNAME : DnsFields.PTR;
                    rr.add(def, rd, end - rd, nameText());
                    appendInfo(' ', nameText());
                    return;
                }
                case 15 -> {
                    need(rd, 2);
                    int preference = b.u16(rd);
                    int end = readName(rd + 2);
                    rr.add(DnsFields.MX_PREFERENCE, rd, 2, preference);
                    rr.add(DnsFields.MX_EXCHANGE, rd + 2, end - rd - 2, nameText());
                    appendInfo(' ', preference + " " + nameText());
                    return;
                }
                case 6 -> {
                    int end = readName(rd);
                    String mname = nameText();
                    rr.add(DnsFields.SOA_MNAME, rd, end - rd, mname);
                    int end2 = readName(end);
                    rr.add(DnsFields.SOA_RNAME, end, end2 - end, nameText());
                    need(end2, 20);
                    rr.add(DnsFields.SOA_SERIAL, end2, 4, b.u32(end2));
                    rr.add(DnsFields.SOA_REFRESH, end2 + 4, 4, b.u32(end2 + 4));
                    rr.add(DnsFields.SOA_RETRY, end2 + 8, 4, b.u32(end2 + 8));
                    rr.add(DnsFields.SOA_EXPIRE, end2 + 12, 4, b.u32(end2 + 12));
                    rr.add(DnsFields.SOA_MINIMUM, end2 + 16, 4, b.u32(end2 + 16));
                    appendInfo(' ', mname);
                    return;
                }
                case 16 -> {
                    int p = rd;
                    int end = rd + rdLength;
                    while (p < end) {
                        int len = b.u8(p);
                        int n = Math.min(len, end - p - 1);
                        rr.add(DnsFields.TXT_LENGTH, p, 1, len);
                        rr.add(DnsFields.TXT, p + 1, n, ctx.hasTree() ? b.string(p + 1, n) : null);
                        p += 1 + len;
                    }
                    return;
                }
                case 33 -> {
                    need(rd, 6);
                    int priority = b.u16(rd);
                    int weight = b.u16(rd + 2);
                    int port = b.u16(rd + 4);
                    int end = readName(rd + 6);
                    rr.add(DnsFields.SRV_PRIORITY, rd, 2, priority);
                    rr.add(DnsFields.SRV_WEIGHT, rd + 2, 2, weight);
                    rr.add(DnsFields.SRV_PORT, rd + 4, 2, port);
                    rr.add(DnsFields.SRV_TARGET, rd + 6, end - rd - 6, nameText());
                    appendInfo(' ', priority + " " + weight + " " + port + " " + nameText());
                    return;
                }
                default -> {
                }
            }
            if (rdLength > 0) {
                rr.add(DnsFields.DATA, rd, rdLength, ctx.treeBytes(rd, rdLength));
            }
        }

        private void appendInfo(char sep, String text) {
            if (info != null) {
                info.append(sep).append(text);
            }
        }
    }

    static String typeName(int type) {
        String n = DnsFields.TYPES.get((long) type);
        return n != null ? n : "Unknown (" + type + ")";
    }
}
