package org.jomp.msg.transport.shm;

import static org.jomp.msg.transport.shm.SharedGroup.ARRIVED;
import static org.jomp.msg.transport.shm.SharedGroup.record;

import org.jomp.msg.transport.WaitPolicy;

/**
 * A flat barrier on per-rank flags (the all-to-all barrier: every rank reads every other rank's flag): every rank
 * counts generations g; to arrive at g it stores g in its own line of the {@link SharedGroup} and waits, in one spin
 * phase for all, until every other rank's line shows g. With the few ranks a JVM runs as threads, reading n - 1
 * lines that each change once per barrier costs less than a tree's extra hand-offs (dissemination, tournament) or a
 * shared counter's contended increments; see Mellor-Crummey and Scott, "Algorithms for scalable synchronization on
 * shared-memory multiprocessors", ACM TOCS 9(1), 1991, on spinning only on flags one processor writes. Each
 * arrival also carries the collective the rank arrives from, which the others compare with their own.
 */
final class FlatBarrier {
    private FlatBarrier() {
    }

    /** Arrives at the next generation of {@code m}'s group and waits for every member. */
    static void arrive(SharedMember m, String call) {
        long g = m.nextSyncGeneration();
        SharedGroup group = m.group;
        m.stageCall(g);
        int parity = (int) (g & 1);
        group.lines.setRelease(record(m.rank, parity) + ARRIVED, g);
        int k = WaitPolicy.spinUntilAll(group.lines, record(0, parity) + ARRIVED, SharedGroup.RECORD_STRIDE,
                group.size, g, m.engine);
        for (int r = k; r < group.size; r++) {
            m.await(record(r, parity) + ARRIVED, g, r, call);
        }
        m.checkArrivals(g, call);
    }
}
