package org.jumbocap.crafted;

import java.util.List;

/**
 * One crafted sample: a small capture made by code so it can be made again, the check it exercises, and
 * the expert ids its dissection must show (exactly these, in any frame, in any order; duplicates
 * allowed). Frames are whole link-layer frames of the given link type; {@code originalLengths} may exceed
 * the bytes to model a snaplen cut (null means "as long as the bytes").
 *
 * @param name            file stem under samples/crafted/
 * @param description     one line for samples/README.md
 * @param linkType        LINKTYPE_ value
 * @param frames          frame bytes
 * @param originalLengths wire lengths per frame, or null
 * @param expectedExperts expert ids the dissection must contain (and no other WARN or ERROR ones)
 */
public record CraftedCase(String name, String description, int linkType, List<byte[]> frames, long[] originalLengths,
                          List<String> expectedExperts) {
    public static CraftedCase of(String name, String description, int linkType, byte[] frame, String... experts) {
        return new CraftedCase(name, description, linkType, List.of(frame), null, List.of(experts));
    }
}
