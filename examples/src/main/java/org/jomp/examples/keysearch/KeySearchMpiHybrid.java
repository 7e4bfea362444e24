package org.jomp.examples.keysearch;

import java.security.GeneralSecurityException;

/**
 * Exhaustive key search, hybrid, with directives only: the loop of {@link KeySearchMpi} inside a parallel region, so
 * that each thread of a rank's team has its own searcher; the ranks divide the candidates in blocks and each team
 * divides its rank's block (the {@code //mpi for} stacked over the {@code //omp for}; team size from
 * {@code Omp.setNumThreads}, {@code -Djomp.threads} or {@code OMP_NUM_THREADS}). The team keeps its smallest match
 * in the loop's reduction, then an allreduce after the region gives every rank the smallest of all (a distributed
 * loop inside a region takes no reduction: every thread would make the collective).
 */
public final class KeySearchMpiHybrid {
    private KeySearchMpiHybrid() {
    }

    /** Every rank passes the same problem and gets the result. */
    public static KeySearchResult search(KeySearchProblem p) throws GeneralSecurityException {
        long found = KeySearchResult.NONE;
        long candidates = p.candidates();
        //omp parallel
        {
            Searcher searcher = p.searcher();
            //mpi for
            //omp for schedule(static) reduction(min:found)
            for (long c = 0; c < candidates; c++) {
                if (searcher.matches(c)) {
                    found = Math.min(found, c);
                }
            }
        }
        //mpi allreduce(min: found)
        return KeySearchResult.of(p, found);
    }
}
