package org.jomp.translator.mpi;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Every program of the //mpi corpus, translated, compiled and run as a plain main (a world of one rank) and on 1, 2,
 * 3 and 4 thread ranks (shared-memory transport) with teams of 1 and 2 threads. The oracle is the program's
 * sequential run (directives are comments), except for programs listed in {@link #ORACLES}: moving data between
 * ranks (scatter, gather, alltoall) has no sequential meaning, so their expected output for N ranks is computed
 * here, independently of the translation.
 */
class MpiExecutionTest {

    static final Map<String, IntFunction<String>> ORACLES = Map.of("Collectives", MpiExecutionTest::collectives);

    @TestFactory
    List<DynamicNode> corpusMatchesItsOracle() {
        List<DynamicNode> programs = new ArrayList<>();
        for (String name : MpiPrograms.names()) {
            programs.add(dynamicContainer(name, List.of(dynamicTest("ranks 1-4 x threads 1-2", () -> {
                String source = MpiPrograms.source(name);
                IntFunction<String> oracle = ORACLES.get(name);
                String sequential = oracle != null ? null
                        : MpiPrograms.runPlain(MpiPrograms.compile(name, source), "1", "1");
                MpiPrograms.Compiled translated = MpiPrograms.compile(name,
                        MpiPrograms.translate(name, source).output());
                for (int threads = 1; threads <= 2; threads++) {
                    String t = Integer.toString(threads);
                    MpiPrograms.assertSameOutput(oracle != null ? oracle.apply(1) : sequential,
                            MpiPrograms.runPlain(translated, t, "1"), name + " as a plain main with " + t
                                    + " thread(s)");
                    for (int np = 1; np <= 4; np++) {
                        MpiPrograms.assertSameOutput(oracle != null ? oracle.apply(np) : sequential,
                                MpiPrograms.runRanks(translated, np, t, Integer.toString(np)),
                                name + " on " + np + " rank(s) x " + t + " thread(s)");
                    }
                }
            }))));
        }
        return programs;
    }

    /** What mpi-corpus/Collectives.java must print on {@code n} ranks, from the meaning of each collective. */
    static String collectives(int n) {
        String tens = IntStream.range(0, 2 * n).mapToObj(i -> Integer.toString(i * 10))
                .collect(Collectors.joining(", ", "[", "]"));
        String firstTens = IntStream.range(0, n).mapToObj(i -> Integer.toString(i * 10))
                .collect(Collectors.joining(", ", "[", "]"));
        String names = IntStream.range(0, n).mapToObj(i -> "name" + i).collect(Collectors.joining(", ", "[", "]"));
        String rows = IntStream.range(0, n).mapToObj(i -> Integer.toString(100 + i))
                .collect(Collectors.joining(", ", "[", "]"));
        return "bcast 42 7 [1.5, 1.5, 1.5, 1.5, 1.5] [0, 0, 9, 9, 0, 0] [[0, 0], [0, 5], [0, 0]] from the root"
                + " [1, 2, 3] Point[x=3, y=4]\n"
                + "allreduce 10 3.0 111 true\n"
                + "reduce 99\n"
                + "reduce min [5, 6]\n"
                + "gather " + tens + " " + firstTens + " " + names + "\n"
                + "divisible " + rows + "\n"
                + "alltoall 1 " + String.join(",", java.util.Collections.nCopies(n, "to0")) + "\n"
                + "uneven " + IntStream.range(0, n + 3).mapToObj(i -> Integer.toString(i < 2 ? 0 : 5 * (i - 2)))
                .collect(Collectors.joining(", ", "[", "]")) + "\n";
    }
}
