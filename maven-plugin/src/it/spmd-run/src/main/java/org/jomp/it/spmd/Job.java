package org.jomp.it.spmd;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jomp.msg.Comm;
import org.jomp.msg.Op;

/** Sums 0..N-1: every rank takes a block, its team shares the block, the ranks all-reduce the partial sums. */
public final class Job {
    private static final int N = 1_000_000;

    private Job() {
    }

    public static void main(String[] args) {
        Comm world = Comm.init(args);
        int rank = world.rank();
        int size = world.size();
        int lo = (int) ((long) N * rank / size);
        int hi = (int) ((long) N * (rank + 1) / size);
        Set<String> team = ConcurrentHashMap.newKeySet();
        long local = 0;
        //omp parallel for reduction(+:local) schedule(static)
        for (int i = lo; i < hi; i++) {
            local += i;
            team.add(Thread.currentThread().getName());
        }
        long total = world.allreduce(local, Op.SUM);
        System.out.println("rank " + rank + " of " + size + ": " + team.size() + " threads");
        long expected = (long) N * (N - 1) / 2;
        if (total != expected) {
            throw new IllegalStateException("rank " + rank + ": total " + total + ", expected " + expected);
        }
        if (rank == 0) {
            System.out.println("total " + total + " over " + size + " ranks");
        }
    }
}
