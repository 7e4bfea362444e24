package org.jomp.examples.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class JitQuiescenceTest {

    /** The layout {@code jcmd PID Compiler.queue} prints on HotSpot 17 and 25, as read off both here. */
    private static String report(String running, String c1, String c2) {
        return "Current compiles: \n" + running + "\nC1 compile queue:\n" + c1 + "\n\nC2 compile queue:\n" + c2
                + "\n\n";
    }

    @Test
    void emptyQueuesAndNothingRunningIsIdle() {
        assertTrue(JitQuiescence.CompilerQueue.idle(report("", "Empty", "Empty")));
    }

    @Test
    void aRunningCompilationIsNotIdle() {
        String running = "C2 CompilerThread0   461       4       java.lang.String::hashCode (55 bytes)\n";
        assertFalse(JitQuiescence.CompilerQueue.idle(report(running, "Empty", "Empty")));
    }

    @Test
    void aQueuedMethodInEitherQueueIsNotIdle() {
        String queued = " 467       4       java.util.TreeMap$PrivateEntryIterator::hasNext (13 bytes)";
        assertFalse(JitQuiescence.CompilerQueue.idle(report("", queued, "Empty")));
        assertFalse(JitQuiescence.CompilerQueue.idle(report("", "Empty", queued)));
    }

    @Test
    void thisJvmAnswersTheCommand() {
        JitQuiescence.CompilerQueue q = JitQuiescence.CompilerQueue.open();
        assertNotNull(q, "HotSpot's Compiler.queue diagnostic command is reachable through the platform MBean server");
    }

    @Test
    void theWaitEndsAfterFourQuietChecksInARow() {
        int[] calls = {0};
        // Busy, quiet, busy, then quiet for good: the wait needs the last four.
        boolean[] answers = {false, true, false, true, true, true, true, false};
        assertTrue(JitQuiescence.await(() -> answers[calls[0]++], 5_000));
        assertEquals(7, calls[0]);
    }

    @Test
    @Timeout(5)
    void aJitThatNeverQuietsIsLeftAtTheLimit() {
        long t0 = System.nanoTime();
        assertFalse(JitQuiescence.await(() -> false, 200));
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(waited >= 200 && waited < 2_000, "waited " + waited + " ms for a limit of 200");
    }
}
