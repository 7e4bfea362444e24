package org.jomp.examples.keysearch;

import java.security.GeneralSecurityException;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * Exhaustive key search, hybrid: the SPMD program of {@link KeySearchSpmd} plus two comments, so that a thread team
 * inside each rank, each thread with its own searcher, tries the rank's candidates (team size from
 * {@code Omp.setNumThreads} or {@code OMP_NUM_THREADS}).
 */
public final class KeySearchHybrid {
    private KeySearchHybrid() {
    }

    public static KeySearchResult search(Comm comm, KeySearchProblem p) throws GeneralSecurityException {
        long candidates = p.candidates();
        long lo = candidates * comm.rank() / comm.size();
        long hi = candidates * (comm.rank() + 1) / comm.size();
        long found = KeySearchResult.NONE;
        //omp parallel
        {
            Searcher searcher = p.searcher();
            //omp for schedule(static) reduction(min:found)
            for (long c = lo; c < hi; c++) {
                if (searcher.matches(c)) {
                    found = Math.min(found, c);
                }
            }
        }
        return KeySearchResult.of(p, comm.allreduce(found, Op.MIN));
    }
}
