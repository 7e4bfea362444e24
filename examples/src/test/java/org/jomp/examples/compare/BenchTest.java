package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        final List<String> ranRanks = new ArrayList<>();

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
        public boolean has(Variant variant) {
            return variant != Variant.MPI_HYBRID;
        }

        @Override
        public void ranks(Variant variant, Layout layout) {
            runs++;
            ranRanks.add(variant + " " + layout.label(variant.mode()));
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
        return new Example("fake", "a fake", Map.of(Variant.SEQUENTIAL, Object.class, Variant.DIRECTIVE, Object.class,
                Variant.HAND_WRITTEN, Object.class), 1, 1, "none", n -> null);
    }

    private static Bench bench(int warmups, int repetitions) {
        return new Bench(warmups, repetitions, Compare.THREADS, Compare.RANKS, Compare.HYBRID, QUIET);
    }

    @Test
    void timesEveryVersionInEveryLayoutOnAFreshInput() throws Exception {
        Fake w = new Fake(-1);
        List<Timing> timings = bench(1, 3).run(example(), w);
        // Sequential once; //omp and j.u.c. at 3 thread counts; //mpi and communicator at 3 rank counts; the
        // hand-written hybrid alone (the fake has no //mpi + //omp version) in 3 layouts: 16 timings.
        assertEquals(16, timings.size());
        for (Timing t : timings) {
            assertEquals(3, t.seconds().length, t.toString());
        }
        assertEquals(List.of("sequential 1", "//omp (generated) 1", "hand-written j.u.c. 1", "//omp (generated) 2",
                "hand-written j.u.c. 2", "//omp (generated) 4", "hand-written j.u.c. 4", "//mpi (generated) 1",
                "hand-written communicator 1", "//mpi (generated) 2", "hand-written communicator 2",
                "//mpi (generated) 4", "hand-written communicator 4", "hand-written communicator + //omp 2×1",
                "hand-written communicator + //omp 1×2", "hand-written communicator + //omp 2×2"),
                timings.stream().map(t -> t.variant().label() + " " + t.layout().label(t.variant().mode())).toList());
        // One reference run, then 16 timings of 1 warm-up and 3 repetitions each: 65 runs, each after a reset.
        assertEquals(65, w.runs);
        assertEquals(65, w.resets);
    }

    @Test
    void pairsAlternateAndEachGoesFirstInTurn() throws Exception {
        Fake w = new Fake(-1);
        bench(1, 4).run(example(), w);
        // Layout of 1 rank: warm-up //mpi then communicator, then repetitions starting with each in turn.
        assertEquals(List.of("MPI 1", "SPMD 1", "MPI 1", "SPMD 1", "SPMD 1", "MPI 1", "MPI 1", "SPMD 1", "SPMD 1",
                "MPI 1"), w.ranRanks.subList(0, 10));
    }

    @Test
    void wrongAnswerNamesExampleVariantAndThreads() {
        Fake w = new Fake(2);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> bench(0, 1).run(example(), w));
        assertTrue(e.getMessage().startsWith("fake //omp (generated) with 2 threads, n=1: "), e.getMessage());
    }

    @Test
    void medianOfEvenAndOddCounts() {
        Layout one = Layout.threads(1);
        Timing odd = new Timing("t", Variant.SEQUENTIAL, one, new double[] {3, 1, 2}, new double[] {0.3, 0.1, 0.2});
        assertEquals(2.0, odd.median());
        assertEquals(0.2, odd.cpuMedian());
        Timing even = new Timing("t", Variant.SEQUENTIAL, one, new double[] {4, 1, 3, 2}, new double[] {4, 1, 3, 2});
        assertEquals(2.5, even.median());
        // (4 - 1) / 2.5
        assertEquals(1.2, even.spread(), 1e-12);
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> new Timing("t", Variant.MPI_HYBRID, new Layout(2, 2), new double[0], new double[0]));
        assertTrue(none.getMessage().contains("t //mpi + //omp (generated) with 2×2: no repetitions"),
                none.getMessage());
        IllegalArgumentException unpaired = assertThrows(IllegalArgumentException.class,
                () -> new Timing("t", Variant.SPMD, Layout.ranks(2), new double[] {1}, new double[] {1, 2}));
        assertTrue(unpaired.getMessage().contains("t hand-written communicator with 2: 1 wall times but 2 CPU times"),
                unpaired.getMessage());
    }
}
