package org.jumbocap.proto.http2;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * HPACK (RFC 7541): the static table, one direction's dynamic table, and the decode of a header block.
 * A {@link Table} is an immutable state of the dynamic table, kept between frames; a {@link Decoder} is a
 * working copy that a header block changes. Every failure (an index past the tables, an integer past 2^28,
 * a Huffman string with EOS or bad padding, a string past the block) is a {@link Failure} with a message,
 * never an exception from the bytes. The dynamic table's size is capped at {@link #MAX_TABLE_SIZE}, whatever
 * a peer's SETTINGS allow, so what is kept per direction is bounded.
 */
final class Hpack {
    /** The most a direction's dynamic table may hold here (SETTINGS_HEADER_TABLE_SIZE can say up to 2^32 - 1). */
    static final long MAX_TABLE_SIZE = 64 * 1024;
    /** RFC 7541's initial SETTINGS_HEADER_TABLE_SIZE. */
    static final long DEFAULT_TABLE_SIZE = 4096;
    /** An integer's continuation bytes may carry at most this many bits (values up to 2^28 and a prefix). */
    private static final int MAX_INTEGER_SHIFT = 28;

    private static final String[] STATIC = {
            ":authority", "",
            ":method", "GET",
            ":method", "POST",
            ":path", "/",
            ":path", "/index.html",
            ":scheme", "http",
            ":scheme", "https",
            ":status", "200",
            ":status", "204",
            ":status", "206",
            ":status", "304",
            ":status", "400",
            ":status", "404",
            ":status", "500",
            "accept-charset", "",
            "accept-encoding", "gzip, deflate",
            "accept-language", "",
            "accept-ranges", "",
            "accept", "",
            "access-control-allow-origin", "",
            "age", "",
            "allow", "",
            "authorization", "",
            "cache-control", "",
            "content-disposition", "",
            "content-encoding", "",
            "content-language", "",
            "content-length", "",
            "content-location", "",
            "content-range", "",
            "content-type", "",
            "cookie", "",
            "date", "",
            "etag", "",
            "expect", "",
            "expires", "",
            "from", "",
            "host", "",
            "if-match", "",
            "if-modified-since", "",
            "if-none-match", "",
            "if-range", "",
            "if-unmodified-since", "",
            "last-modified", "",
            "link", "",
            "location", "",
            "max-forwards", "",
            "proxy-authenticate", "",
            "proxy-authorization", "",
            "range", "",
            "referer", "",
            "refresh", "",
            "retry-after", "",
            "server", "",
            "set-cookie", "",
            "strict-transport-security", "",
            "transfer-encoding", "",
            "user-agent", "",
            "vary", "",
            "via", "",
            "www-authenticate", "",    };
    static final int STATIC_ENTRIES = STATIC.length / 2;

    private Hpack() {
    }

    /** A dynamic table entry: its size counts 32 octets besides the name's and the value's octets. */
    record Entry(String name, String value, int size) {
        static Entry of(byte[] name, byte[] value) {
            return new Entry(text(name), text(value), 32 + name.length + value.length);
        }
    }

    /** An immutable state of one direction's dynamic table: its entries, newest first, and its maximum size. */
    static final class Table {
        static final Table INITIAL = new Table(new Entry[0], 0, DEFAULT_TABLE_SIZE);
        final Entry[] entries;
        final long size;
        final long maxSize;

        Table(Entry[] entries, long size, long maxSize) {
            this.entries = entries;
            this.size = size;
            this.maxSize = maxSize;
        }
    }

    /** Why a header block could not be decoded. */
    static final class Failure extends Exception {
        Failure(String message) {
            super(message, null, false, false);
        }
    }

    /** What a decode reports, field by field, with each representation's place in the block. */
    interface Sink {
        /** A header field; {@code index} is the table index used for the field or its name, 0 for a literal name. */
        void field(String representation, long index, String name, String value, int at, int length);

        /** A dynamic table size update. */
        void sizeUpdate(long size, int at, int length);

        /** The size update just reported passes the decoding side's SETTINGS_HEADER_TABLE_SIZE. */
        void sizeOverSetting(long size, long setting);
    }

    /** A working copy of a dynamic table, changed by the header blocks it decodes. */
    static final class Decoder {
        private final ArrayDeque<Entry> entries;
        private long size;
        private long maxSize;

        Decoder(Table from) {
            entries = new ArrayDeque<>(java.util.Arrays.asList(from.entries));
            size = from.size;
            maxSize = from.maxSize;
        }

        Table table() {
            return new Table(entries.toArray(new Entry[0]), size, maxSize);
        }

        int dynamicEntries() {
            return entries.size();
        }

        /**
         * Decodes the block of {@code length} bytes at {@code at}; {@code peerLimit} is the decoding side's
         * SETTINGS_HEADER_TABLE_SIZE, which a size update may not pass (reported, and followed up to the cap).
         * On a failure the table may be half changed: the caller forgets it.
         */
        void decode(byte[] block, int at, int length, long peerLimit, Sink sink) throws Failure {
            int p = at;
            int end = at + length;
            boolean fieldSeen = false;
            while (p < end) {
                int start = p;
                int first = block[p] & 0xFF;
                if ((first & 0x80) != 0) {
                    long[] v = integer(block, p, end, 7);
                    p = (int) v[1];
                    Entry e = entry(v[0]);
                    sink.field("Indexed Header Field", v[0], e.name(), e.value(), start, p - start);
                    fieldSeen = true;
                } else if ((first & 0xE0) == 0x20) {
                    if (fieldSeen) {
                        throw new Failure("dynamic table size update after a header field");
                    }
                    long[] v = integer(block, p, end, 5);
                    p = (int) v[1];
                    if (v[0] > MAX_TABLE_SIZE) {
                        throw new Failure("dynamic table size update to " + v[0] + ", past the " + MAX_TABLE_SIZE
                                + " bytes followed here");
                    }
                    sink.sizeUpdate(v[0], start, p - start);
                    maxSize = v[0];
                    evict(0);
                    if (v[0] > peerLimit) {
                        sink.sizeOverSetting(v[0], peerLimit);
                    }
                } else {
                    boolean indexing = (first & 0xC0) == 0x40;
                    int prefix = indexing ? 6 : 4;
                    long[] v = integer(block, p, end, prefix);
                    p = (int) v[1];
                    byte[] name;
                    if (v[0] == 0) {
                        p = string(block, p, end);
                        name = last;
                    } else {
                        name = entry(v[0]).name().getBytes(StandardCharsets.ISO_8859_1);
                    }
                    p = string(block, p, end);
                    byte[] value = last;
                    Entry e = Entry.of(name, value);
                    String how = indexing ? "Literal Header Field with Incremental Indexing"
                            : (first & 0xF0) == 0x10 ? "Literal Header Field never Indexed" : "Literal Header Field without Indexing";
                    sink.field(how + (v[0] == 0 ? " - New Name" : " - Indexed Name"), v[0], e.name(), e.value(), start, p - start);
                    if (indexing) {
                        insert(e);
                    }
                    fieldSeen = true;
                }
            }
        }

        private Entry entry(long index) throws Failure {
            if (index <= 0) {
                throw new Failure("index 0");
            }
            if (index <= STATIC_ENTRIES) {
                int i = (int) index - 1;
                return new Entry(STATIC[2 * i], STATIC[2 * i + 1], 0);
            }
            long d = index - STATIC_ENTRIES - 1;
            if (d >= entries.size()) {
                throw new Failure("index " + index + " past the tables (" + (STATIC_ENTRIES + entries.size()) + " entries)");
            }
            Iterator<Entry> it = entries.iterator();
            for (long i = 0; i < d; i++) {
                it.next();
            }
            return it.next();
        }

        private void insert(Entry e) {
            if (e.size() > maxSize) {
                // an entry larger than the table empties it and is not added (RFC 7541 section 4.4)
                entries.clear();
                size = 0;
                return;
            }
            evict(e.size());
            entries.addFirst(e);
            size += e.size();
        }

        private void evict(long room) {
            while (size + room > maxSize && !entries.isEmpty()) {
                size -= entries.removeLast().size();
            }
        }

        /** The octets of the last string read. */
        private byte[] last;

        /** Reads a string literal at {@code p} into {@link #last}; returns the offset after it. */
        private int string(byte[] block, int p, int end) throws Failure {
            if (p >= end) {
                throw new Failure("string cut at the block's end");
            }
            boolean huffman = (block[p] & 0x80) != 0;
            long[] v = integer(block, p, end, 7);
            int from = (int) v[1];
            if (v[0] > end - from) {
                throw new Failure("string of " + v[0] + " bytes past the block's end");
            }
            int n = (int) v[0];
            try {
                last = huffman ? HpackHuffman.decode(block, from, n) : java.util.Arrays.copyOfRange(block, from, from + n);
            } catch (HpackHuffman.BadHuffman e) {
                throw new Failure(e.getMessage());
            }
            return from + n;
        }
    }

    /** An integer with an N-bit prefix at {@code p} (RFC 7541 section 5.1): {value, offset after it}. */
    static long[] integer(byte[] block, int p, int end, int prefixBits) throws Failure {
        int max = (1 << prefixBits) - 1;
        long value = block[p] & max;
        p++;
        if (value < max) {
            return new long[] {value, p};
        }
        int shift = 0;
        while (true) {
            if (p >= end) {
                throw new Failure("integer cut at the block's end");
            }
            int b = block[p++] & 0xFF;
            if (shift > MAX_INTEGER_SHIFT) {
                throw new Failure("integer overflow");
            }
            value += (long) (b & 0x7F) << shift;
            shift += 7;
            if ((b & 0x80) == 0) {
                return new long[] {value, p};
            }
        }
    }

    /** Octets as text one to one, so an entry's size is its text's length however the peer encoded it. */
    static String text(byte[] octets) {
        return new String(octets, StandardCharsets.ISO_8859_1);
    }
}
