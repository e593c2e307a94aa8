package org.jumbocap.architecture.cyclefixture.b;

import org.jumbocap.architecture.cyclefixture.a.First;

/** The other half of the deliberate package cycle. */
public final class Second {
    public First back() {
        return new First();
    }
}
