package org.jomp.translator.mpi;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Every program of the //mpi corpus, translated, compiled and run as a plain main (a world of one rank) and on 1, 2,
 * 3 and 4 thread ranks (shared-memory transport) with teams of 1 and 2 threads, against its sequential output.
 */
class MpiExecutionTest {

    @TestFactory
    List<DynamicNode> corpusMatchesSequentialRun() {
        List<DynamicNode> programs = new ArrayList<>();
        for (String name : MpiPrograms.names()) {
            programs.add(dynamicContainer(name, List.of(dynamicTest("ranks 1-4 x threads 1-2", () -> {
                String source = MpiPrograms.source(name);
                String expected = MpiPrograms.runPlain(MpiPrograms.compile(name, source), "1", "1");
                MpiPrograms.Compiled translated = MpiPrograms.compile(name,
                        MpiPrograms.translate(name, source).output());
                for (int threads = 1; threads <= 2; threads++) {
                    String t = Integer.toString(threads);
                    MpiPrograms.assertSameOutput(expected, MpiPrograms.runPlain(translated, t, "1"),
                            name + " as a plain main with " + t + " thread(s)");
                    for (int np = 1; np <= 4; np++) {
                        MpiPrograms.assertSameOutput(expected, MpiPrograms.runRanks(translated, np, t,
                                Integer.toString(np)), name + " on " + np + " rank(s) x " + t + " thread(s)");
                    }
                }
            }))));
        }
        return programs;
    }
}
