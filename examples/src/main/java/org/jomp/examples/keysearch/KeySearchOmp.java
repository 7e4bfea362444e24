package org.jomp.examples.keysearch;

import java.security.GeneralSecurityException;

/**
 * Exhaustive key search with OpenMP directives: the sequential program plus two comments. Each thread of the team
 * makes its own searcher (declared inside the region, so private) and tries a block of candidates; the smallest
 * match is a min reduction.
 */
public final class KeySearchOmp {
    private KeySearchOmp() {
    }

    public static KeySearchResult search(KeySearchProblem p, int threads) throws GeneralSecurityException {
        long found = KeySearchResult.NONE;
        //omp parallel num_threads(threads)
        {
            Searcher searcher = p.searcher();
            //omp for schedule(static) reduction(min:found)
            for (long c = 0; c < p.candidates(); c++) {
                if (searcher.matches(c)) {
                    found = Math.min(found, c);
                }
            }
        }
        return KeySearchResult.of(p, found);
    }
}
