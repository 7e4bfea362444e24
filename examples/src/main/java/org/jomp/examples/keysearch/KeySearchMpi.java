package org.jomp.examples.keysearch;

import java.security.GeneralSecurityException;

/**
 * Exhaustive key search as an SPMD program written with {@code //mpi} directives only: the sequential program plus
 * one comment. Translated by JOMP, rank r tries a block of candidates with its own searcher and the min reduction
 * gives every rank the smallest match.
 */
public final class KeySearchMpi {
    private KeySearchMpi() {
    }

    /** Every rank passes the same problem and gets the result. */
    public static KeySearchResult search(KeySearchProblem p) throws GeneralSecurityException {
        long found = KeySearchResult.NONE;
        long candidates = p.candidates();
        Searcher searcher = p.searcher();
        //mpi for reduction(min:found)
        for (long c = 0; c < candidates; c++) {
            if (searcher.matches(c)) {
                found = Math.min(found, c);
            }
        }
        return KeySearchResult.of(p, found);
    }
}
