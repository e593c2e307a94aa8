package org.jumbocap.dissect;

import java.util.List;

/** The protocol modules jumbocap ships, in registration order. One line per module. */
final class StandardProtocols {
    private StandardProtocols() {
    }

    static List<ProtocolModule> modules() {
        return List.of(
        );
    }
}
