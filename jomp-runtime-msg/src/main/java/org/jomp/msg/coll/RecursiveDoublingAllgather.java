package org.jomp.msg.coll;

import org.jomp.msg.transport.SliceCopy;

/**
 * Recursive-doubling allgather for a power-of-two number of ranks (Thakur, Rabenseifner and Gropp, "Optimization of
 * collective communication operations in MPICH", 2005, section 4.1; Open MPI coll/base
 * allgather_intra_recursivedoubling): in step k every rank exchanges the aligned range of 2^k blocks it holds with rank
 * xor 2^k, so after log2 n steps each holds all n. The blocks travel straight between the ranks' receive slices, in
 * place: no staging buffer and no final rotation as in {@link BruckAllgather}. Each step is an exchange between a pair,
 * which both ends of the pair complete as soon as both run: where ranks outnumber cores, Bruck's and the ring's steps
 * (send to one neighbour, receive from another) need every rank of the chain scheduled in turn.
 */
public final class RecursiveDoublingAllgather {
    private static final int TAG = 19;

    private RecursiveDoublingAllgather() {
    }

    /** Needs a power-of-two {@code p.size()}. */
    public static void run(PointToPoint p, Object sbuf, int soff, Object rbuf, int roff, int count) {
        int r = p.rank();
        SliceCopy.copy(sbuf, soff, rbuf, roff + r * count, count);
        for (int mask = 1; mask < p.size(); mask <<= 1) {
            int partner = r ^ mask;
            int mine = r & -mask;
            int theirs = partner & -mask;
            p.sendrecv(rbuf, roff + mine * count, mask * count, partner,
                    rbuf, roff + theirs * count, mask * count, partner, TAG);
        }
    }
}
