package org.jumbocap.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How traffic table cells and CSV show their values. */
class TrafficTablesTest {
    @Test
    void cellsShowCountsWithSeparatorsPortsWithoutAndRatesWithSiPrefixes() {
        assertEquals("138,461,429", TrafficColumn.Kind.COUNT.shown(138_461_429L));
        assertEquals("5201", TrafficColumn.Kind.PORT.shown(5201));
        assertEquals("17.8 G", TrafficColumn.Kind.RATE.shown(17_821_684_844.0));
        assertEquals("435 k", TrafficColumn.Kind.RATE.shown(434_883.0));
        assertEquals("2.05 M", TrafficColumn.Kind.RATE.shown(2_046_503.0));
        assertEquals("1.00 M", TrafficColumn.Kind.RATE.shown(999_999.0));
        assertEquals("96", TrafficColumn.Kind.RATE.shown(96.0));
        assertEquals("N/A", TrafficColumn.Kind.RATE.shown(Double.NaN));
        assertEquals("0.908351", TrafficColumn.Kind.SECONDS.shown(0.9083514));
    }

    @Test
    void csvHasPlainNumbersAndQuotesText() {
        List<TrafficColumn<String[]>> columns = List.of(
                new TrafficColumn<>("Name, first", null, TrafficColumn.Kind.TEXT, r -> r[0]),
                new TrafficColumn<>("Bytes", null, TrafficColumn.Kind.COUNT, r -> Long.parseLong(r[1])),
                new TrafficColumn<>("bits/s", null, TrafficColumn.Kind.RATE, r -> Double.parseDouble(r[2])));
        String csv = TrafficTables.csv(columns, List.of(new String[] {"a \"b\"", "1234567", "NaN"},
                new String[] {"plain", "5", "17821684844.4"}));
        assertEquals("\"Name, first\",Bytes,bits/s\n\"a \"\"b\"\"\",1234567,\nplain,5,17821684844\n", csv);
    }
}
