package org.jumbocap.architecture.rootcyclefixture.leaf;

import org.jumbocap.architecture.rootcyclefixture.Root;

/** The other half of the cycle through the root package (see {@link Root}). */
public final class Leaf {
    public Root root() {
        return new Root();
    }
}
