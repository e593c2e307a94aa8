package org.jumbocap.displayfilter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A filter says whether it needs checksums summed: only when it reads a checksum verdict or an expert item. */
class ReadsChecksumsTest {
    @Test
    void checksumAndExpertFieldsNeedSummedChecksumsOthersDoNot() {
        assertTrue(DisplayFilter.compile("tcp.checksum.status == \"bad\"").readsChecksums());
        assertTrue(DisplayFilter.compile("jumbo && expert.severity >= warn").readsChecksums());
        assertTrue(DisplayFilter.compile("expert.id == \"ipv6.jumbo.hbh\"").readsChecksums());
        assertFalse(DisplayFilter.compile("tcp.len > 65535").readsChecksums());
        assertFalse(DisplayFilter.compile("jumbo || ipv6.opt.jumbo > 65535 || tcp.port == 5201").readsChecksums());
    }
}
