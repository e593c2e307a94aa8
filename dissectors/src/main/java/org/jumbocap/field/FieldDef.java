package org.jumbocap.field;

import java.util.Map;
import java.util.Objects;

/**
 * A field declared once, with a stable filter name such as {@code ipv6.plen}. The tree, the display
 * filters, JSON, the {@code fields} listing and the hex highlight all refer to fields through these.
 *
 * @param name        filter name; Wireshark's name where Wireshark has the same field
 * @param label       human name shown in the tree ("Payload Length")
 * @param type        value type
 * @param base        integer display base
 * @param description one line for the {@code fields} listing
 * @param valueNames  names for integer values ({@code 6 -> "TCP"}), may be empty
 */
public record FieldDef(String name, String label, FieldType type, Base base, String description,
                       Map<Long, String> valueNames) {

    public FieldDef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(type, "type");
        base = base == null ? Base.NONE : base;
        description = description == null ? label : description;
        valueNames = valueNames == null ? Map.of() : Map.copyOf(valueNames);
    }

    public static FieldDef protocol(String name, String label) {
        return new FieldDef(name, label, FieldType.PROTOCOL, Base.NONE, label, Map.of());
    }

    public static FieldDef of(String name, String label, FieldType type, String description) {
        Base base = type.isInteger() && type != FieldType.BOOLEAN ? Base.DEC : Base.NONE;
        return new FieldDef(name, label, type, base, description, Map.of());
    }

    public static FieldDef of(String name, String label, FieldType type, Base base, String description) {
        return new FieldDef(name, label, type, base, description, Map.of());
    }

    /** Same field with names for some of its integer values. */
    public FieldDef withValueNames(Map<Long, String> names) {
        return new FieldDef(name, label, type, base, description, names);
    }

    /** The protocol part of the name: {@code ipv6} for {@code ipv6.opt.jumbo}. */
    public String protocolName() {
        int dot = name.indexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }

    @Override
    public String toString() {
        return name;
    }
}
