package org.jomp.msg.coll;

/**
 * Dissemination barrier (Hensgen, Finkel and Manber, "Two algorithms for barrier synchronization", 1988): in round
 * k every rank signals rank + 2^k and waits for rank - 2^k (mod n), so after ceil(log2 n) rounds every rank has
 * heard, directly or not, from every other. Works for any n, no power of two needed.
 */
public final class DisseminationBarrier {
    private static final int TAG = 1;
    private static final byte[] EMPTY = new byte[0];

    private DisseminationBarrier() {
    }

    public static void run(PointToPoint p) {
        int n = p.size();
        int r = p.rank();
        for (int d = 1; d < n; d <<= 1) {
            p.sendrecv(EMPTY, 0, 0, (r + d) % n, EMPTY, 0, 0, (r - d + n) % n, TAG);
        }
    }
}
