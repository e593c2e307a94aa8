package org.jumbocap.architecture.cyclefixture.a;

import org.jumbocap.architecture.cyclefixture.b.Second;

/** Half of a deliberate package cycle: shows that the cycle rule fails when one is added. */
public final class First {
    public Second next() {
        return new Second();
    }
}
