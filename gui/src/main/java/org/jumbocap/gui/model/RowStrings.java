package org.jumbocap.gui.model;

import java.util.HashMap;
import java.util.Map;
import org.jumbocap.tree.FieldFormat;

/**
 * Shares the address strings of rows: a capture has few distinct addresses but many frames. The cache is
 * bounded so a scan of random addresses cannot grow it without limit.
 */
public final class RowStrings {
    private static final int MAX_ENTRIES = 1 << 16;

    private final Map<AddressKey, String> addresses = new HashMap<>();

    private record AddressKey(int version, long hi, long lo) {
    }

    public String address(int ipVersion, long hi, long lo) {
        if (ipVersion != 4 && ipVersion != 6) {
            return "";
        }
        AddressKey key = new AddressKey(ipVersion, ipVersion == 6 ? hi : 0, lo);
        String s = addresses.get(key);
        if (s == null) {
            s = format(ipVersion, hi, lo);
            if (addresses.size() >= MAX_ENTRIES) {
                addresses.clear();
            }
            addresses.put(key, s);
        }
        return s;
    }

    private static String format(int ipVersion, long hi, long lo) {
        if (ipVersion == 4) {
            return ((lo >>> 24) & 0xFF) + "." + ((lo >>> 16) & 0xFF) + "." + ((lo >>> 8) & 0xFF) + "." + (lo & 0xFF);
        }
        byte[] a = new byte[16];
        for (int i = 0; i < 8; i++) {
            a[i] = (byte) (hi >>> (56 - 8 * i));
            a[8 + i] = (byte) (lo >>> (56 - 8 * i));
        }
        return FieldFormat.address(a);
    }
}
