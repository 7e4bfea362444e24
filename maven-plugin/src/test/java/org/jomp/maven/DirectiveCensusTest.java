package org.jomp.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

class DirectiveCensusTest {

    @Test
    void countsEachKindWithCombinedConstructsKeptWhole() {
        DirectiveCensus census = new DirectiveCensus();
        census.count("""
                class A {
                    void f() {
                        //omp parallel for reduction(+:s)
                        for (int i = 0; i < 9; i++) {}
                    \t//omp parallel
                        {
                            //omp critical(lock)
                            {}
                            //omp barrier
                            //omp cancellation point for
                        }
                        //omp parallel sections
                        {}
                        //mpi bcast(x) root(0)
                    }
                }
                """);
        census.count("//omp parallel for\n");
        assertEquals(Map.of("parallel for", 2, "parallel", 1, "critical", 1, "barrier", 1,
                "cancellation point", 1, "parallel sections", 1, "mpi bcast", 1), census.counts());
        assertEquals(8, census.total());
    }

    @Test
    void ignoresTextThatOnlyLooksLikeADirective() {
        DirectiveCensus census = new DirectiveCensus();
        census.count("""
                String s = "//omp parallel";   // not at the start of a line
                int x = 1; //omp barrier
                //ompparallel
                // omp parallel
                """);
        assertEquals(0, census.total());
        assertEquals("none", census.describe());
    }

    @Test
    void describesKindsInAlphabeticalOrder() {
        DirectiveCensus census = new DirectiveCensus();
        census.count("//omp single\n//omp barrier\n//omp single\n");
        assertEquals("barrier 1, single 2", census.describe());
    }
}
