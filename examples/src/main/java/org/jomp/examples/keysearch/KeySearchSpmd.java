package org.jomp.examples.keysearch;

import java.security.GeneralSecurityException;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/**
 * Exhaustive key search as an SPMD program on the communicator, as Parallel Java's cluster version (seed 001): rank r
 * tries a block of candidates and an allreduce keeps the smallest match. Every rank passes the same problem (it is
 * a few blocks of bytes) and gets the result.
 */
public final class KeySearchSpmd {
    private KeySearchSpmd() {
    }

    public static KeySearchResult search(Comm comm, KeySearchProblem p) throws GeneralSecurityException {
        long candidates = p.candidates();
        long lo = candidates * comm.rank() / comm.size();
        long hi = candidates * (comm.rank() + 1) / comm.size();
        long found = KeySearchResult.NONE;
        {
            Searcher searcher = p.searcher();
            for (long c = lo; c < hi; c++) {
                if (searcher.matches(c)) {
                    found = Math.min(found, c);
                }
            }
        }
        return KeySearchResult.of(p, comm.allreduce(found, Op.MIN));
    }
}
