package org.jumbocap.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** A filter libpcap takes too long over: the advice names only what the user did not already give. */
class FilterTimeoutAdviceTest {
    @Test
    void theAdviceLeavesOutWhatWasGiven() {
        assertEquals("--ext-headers 1, fewer alternatives or --raw-filter", CaptureFilters.timeoutAdvice(false, 3));
        assertEquals("fewer alternatives or --raw-filter", CaptureFilters.timeoutAdvice(false, 1));
        assertEquals("fewer alternatives", CaptureFilters.timeoutAdvice(true, 3));
    }

    @Test
    void aCompileThatRunsPastTheLimitIsOneLineWithTheAdvice() {
        TimeoutException e = assertThrows(TimeoutException.class, () -> CaptureFilters.within(0.05,
                CaptureFilters.timeoutAdvice(true, 3), () -> {
                    try {
                        Thread.sleep(5_000);
                    } catch (InterruptedException stop) {
                        Thread.currentThread().interrupt();
                    }
                    return null;
                }));
        assertEquals("capture filter: libpcap did not finish compiling it within 0.05 s; use fewer alternatives",
                e.getMessage());
    }
}
