package org.jomp.examples.keysearch;

import java.security.GeneralSecurityException;

/** Exhaustive key search, the sequential reference: tries every candidate and keeps the smallest that matches. */
public final class KeySearchSequential {
    private KeySearchSequential() {
    }

    public static KeySearchResult search(KeySearchProblem p) throws GeneralSecurityException {
        long found = KeySearchResult.NONE;
        {
            Searcher searcher = p.searcher();
            for (long c = 0; c < p.candidates(); c++) {
                if (searcher.matches(c)) {
                    found = Math.min(found, c);
                }
            }
        }
        return KeySearchResult.of(p, found);
    }
}
