package org.jomp.examples.epcc.baseline;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.Work;
import org.jomp.examples.epcc.sched.SchedImplementation;
import org.jomp.examples.epcc.sched.ScheduleCase;

/**
 * schedbench's loop schedules written by hand on a {@link Team}: static blocks and round-robin chunks computed
 * from the thread number; dynamic and guided chunks claimed from a shared {@link AtomicInteger}.
 *
 * <p>Dynamic and guided loops alternate between two counters: the barrier that ends loop j guarantees nobody still
 * uses loop j-1's counter, so thread 0 resets it for loop j+1 while loop j runs, and one barrier per loop suffices.
 */
public final class TeamSched implements SchedImplementation {
    private final String name;
    private final Team team;
    private final int itersPerThread;

    private TeamSched(String name, Team team, int itersPerThread) {
        if (itersPerThread < 1) {
            throw new IllegalArgumentException("iterations per thread must be >= 1, got " + itersPerThread);
        }
        this.name = name;
        this.team = team;
        this.itersPerThread = itersPerThread;
    }

    public static TeamSched phaser(int threads, int itersPerThread) {
        return new TeamSched("phaser-team", new PhaserTeam(threads), itersPerThread);
    }

    public static TeamSched executorBarrier(int threads, int itersPerThread) {
        return new TeamSched("executor+cyclicbarrier", new ExecutorBarrierTeam(threads), itersPerThread);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<Kernel> kernel(ScheduleCase schedule) {
        int total = itersPerThread * team.size();
        int chunk = schedule.chunk();
        return Optional.of(switch (schedule.kind()) {
            case STATIC -> (innerReps, work) -> loops(innerReps, (t, j, counters) -> staticBlock(t, total, work));
            case STATIC_N -> (innerReps, work) -> loops(innerReps,
                    (t, j, counters) -> roundRobin(t, total, chunk, work));
            case DYNAMIC_N -> (innerReps, work) -> loops(innerReps,
                    (t, j, counters) -> dynamic(counters[j & 1], total, chunk, work));
            case GUIDED_N -> (innerReps, work) -> loops(innerReps,
                    (t, j, counters) -> guided(counters[j & 1], total, chunk, work));
        });
    }

    /** One loop of the test, run by thread t as loop number j with the two shared chunk counters. */
    @FunctionalInterface
    private interface LoopBody {
        void run(int t, int j, AtomicInteger[] counters);
    }

    private long loops(int innerReps, LoopBody body) {
        AtomicInteger[] counters = {new AtomicInteger(), new AtomicInteger()};
        team.region(t -> {
            for (int j = 0; j < innerReps; j++) {
                if (t == 0) {
                    counters[(j + 1) & 1].set(0);
                }
                body.run(t, j, counters);
                team.barrier();
            }
        });
        return 0;
    }

    private void staticBlock(int t, int total, Work work) {
        int n = team.size();
        int hi = (int) ((long) total * (t + 1) / n);
        for (int i = (int) ((long) total * t / n); i < hi; i++) {
            work.run();
        }
    }

    private void roundRobin(int t, int total, int chunk, Work work) {
        int stride = chunk * team.size();
        for (int start = t * chunk; start < total; start += stride) {
            int end = Math.min(start + chunk, total);
            for (int i = start; i < end; i++) {
                work.run();
            }
        }
    }

    private static void dynamic(AtomicInteger next, int total, int chunk, Work work) {
        int start;
        while ((start = next.getAndAdd(chunk)) < total) {
            int end = Math.min(start + chunk, total);
            for (int i = start; i < end; i++) {
                work.run();
            }
        }
    }

    /** Guided self-scheduling: each claim takes the remaining iterations over the team size, at least chunk. */
    private void guided(AtomicInteger next, int total, int chunk, Work work) {
        int n = team.size();
        while (true) {
            int start = next.get();
            if (start >= total) {
                return;
            }
            int size = Math.max(chunk, (total - start + n - 1) / n);
            int end = Math.min(start + size, total);
            if (next.compareAndSet(start, end)) {
                for (int i = start; i < end; i++) {
                    work.run();
                }
            }
        }
    }

    @Override
    public void close() {
        team.close();
    }
}
