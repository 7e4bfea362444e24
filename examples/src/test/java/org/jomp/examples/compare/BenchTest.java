package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;

import org.junit.jupiter.api.Test;

class BenchTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    /** Answers 42 except where told to be wrong; counts runs and resets. */
    private static final class Fake implements Workload {
        final int wrongThreads;
        int resets;
        int runs;
        int poolSizeSeen;
        Object answer;

        Fake(int wrongThreads) {
            this.wrongThreads = wrongThreads;
        }

        @Override
        public String size() {
            return "n=1";
        }

        @Override
        public void reset() {
            resets++;
            answer = null;
        }

        @Override
        public void sequential() {
            runs++;
            answer = 42;
        }

        @Override
        public void directive(int threads) {
            runs++;
            answer = threads == wrongThreads ? 41 : 42;
        }

        @Override
        public void handWritten(ExecutorService pool, int threads) {
            runs++;
            poolSizeSeen = ((ThreadPoolExecutor) pool).getCorePoolSize();
            assertEquals(threads, poolSizeSeen);
            answer = 42;
        }

        @Override
        public boolean hasSpmd() {
            return true;
        }

        @Override
        public void spmd(int ranks) {
            runs++;
            answer = 42;
        }

        @Override
        public Object answer() {
            return answer;
        }

        @Override
        public String mismatch(Object sequential, Object actual) {
            return Answers.mismatch(sequential, actual);
        }
    }

    private static Example example() {
        return new Example("fake", "a fake", Object.class, Object.class, Object.class, Object.class, 1, 1, "none",
                n -> null);
    }

    @Test
    void timesEveryVariantAtEveryCountOnAFreshInput() throws Exception {
        Fake w = new Fake(-1);
        List<Timing> timings = new Bench(1, 3, new int[] {1, 2, 4}, QUIET).run(example(), w);
        // Sequential once, then directive and hand-written at 3 counts, then SPMD at 3 counts: 10 timings.
        assertEquals(10, timings.size());
        for (Timing t : timings) {
            assertEquals(3, t.seconds().length, t.toString());
        }
        assertEquals(List.of(1, 1, 1, 2, 2, 4, 4, 1, 2, 4), timings.stream().map(Timing::workers).toList());
        // One reference run, then 10 timings of 1 warm-up and 3 repetitions each: 41 runs, each after a reset.
        assertEquals(41, w.runs);
        assertEquals(41, w.resets);
    }

    @Test
    void wrongAnswerNamesExampleVariantAndThreads() {
        Fake w = new Fake(2);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new Bench(0, 1, new int[] {1, 2}, QUIET).run(example(), w));
        assertTrue(e.getMessage().startsWith("fake //omp (generated) with 2, n=1: "), e.getMessage());
    }

    @Test
    void medianOfEvenAndOddCounts() {
        assertEquals(2.0, new Timing("t", Variant.SEQUENTIAL, 1, new double[] {3, 1, 2}).median());
        assertEquals(2.5, new Timing("t", Variant.SEQUENTIAL, 1, new double[] {4, 1, 3, 2}).median());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> new Timing("t", Variant.SPMD, 4, new double[0]));
        assertTrue(none.getMessage().contains("t SPMD (ranks as threads) with 4: no repetitions"), none.getMessage());
    }
}
