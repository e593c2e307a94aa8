package org.jumbocap.jumbo;

import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldType;

/** Fields jumbocap adds that Wireshark lacks: the verdict on a jumbogram or BIG TCP frame. */
public final class JumboFields {
    public static final FieldDef JUMBO = FieldDef.protocol("jumbo", "Jumbogram / BIG TCP super-packet");
    public static final FieldDef KIND = FieldDef.of("jumbo.kind", "Kind", FieldType.STRING,
            "How the real length was found: ipv6-hbh, ipv6-zero-length or ipv4-zero-length");
    public static final FieldDef LENGTH = FieldDef.of("jumbo.length", "Real layer-3 payload length", FieldType.UINT32,
            "Real payload length after the IP header (IPv6: after the fixed header; IPv4: total length less the header)");

    private JumboFields() {
    }
}
