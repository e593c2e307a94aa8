package org.jumbocap.field;

/** How an integer field prints. */
public enum Base {
    DEC,
    HEX,
    DEC_HEX,
    /** Not an integer, or printed by its type alone. */
    NONE
}
