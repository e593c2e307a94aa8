package org.jumbocap.crafted;

import java.util.List;

/** A family of crafted cases (IPv6 extension headers, transports, capture files...). */
public interface CraftedCaseSource {
    List<CraftedCase> cases();
}
