package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Times print with as many decimals as the file's interfaces declare, the same for every frame of the
 * file: with if_tsresol 0x13 (10^-19 s) the first frame's time happens to be whole microseconds, and it
 * still prints nine decimals like the second. (tshark 4.0 prints 1700000000.000000000 for frame 1 of this
 * file: it loses the half second, which the 10^-19 s units hold; jumbocap is right there.)
 */
class TimeDecimalsTest {
    @Test
    void everyFrameOfAFileHasTheSameDecimals() {
        String file = Cli.SAMPLES.resolve("crafted-files/pcapng-tsresol-19.pcapng").toString();
        Cli.Result r = Cli.run("read", "-t", "e", file);
        assertEquals(0, r.code(), r.err());
        List<String> times = r.outLines().stream().map(l -> l.trim().split("\\s+")[1]).toList();
        assertEquals(List.of("1700000000.500000000", "1700000000.500000001", "1700000000.725000000"), times);
        Cli.Result relative = Cli.run("read", file);
        assertEquals(List.of("0.000000000", "0.000000001", "0.225000000"),
                relative.outLines().stream().map(l -> l.trim().split("\\s+")[1]).toList());
        // a microsecond file keeps six
        Cli.Result micro = Cli.run("read", "-c", "2", Cli.SAMPLES.resolve("ipv6-bigtcp-veth.pcap").toString());
        micro.outLines().forEach(l -> assertEquals(6, l.trim().split("\\s+")[1].split("\\.")[1].length(), l));
    }
}
