package org.jumbocap.architecture.rootcyclefixture;

import org.jumbocap.architecture.rootcyclefixture.leaf.Leaf;

/**
 * A class of the root package in a deliberate cycle with a package below it, as a command that creates a
 * command of a subpackage which uses it back: a cycle rule whose slices leave the root package out misses it.
 */
public final class Root {
    public Leaf leaf() {
        return new Leaf();
    }
}
