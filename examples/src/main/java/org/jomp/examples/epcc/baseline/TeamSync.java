package org.jomp.examples.epcc.baseline;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.Work;
import org.jomp.examples.epcc.sync.SyncConstruct;
import org.jomp.examples.epcc.sync.SyncImplementation;

/**
 * syncbench written by hand on a {@link Team}: every construct as a Java programmer would build it from
 * java.util.concurrent, with the same work and the same shape of repetitions as the EPCC test.
 */
public final class TeamSync implements SyncImplementation {
    private final String name;
    private final Team team;
    private final Object monitor = new Object();

    private TeamSync(String name, Team team) {
        this.name = name;
        this.team = team;
    }

    /** Fixed thread pool + CyclicBarrier. */
    public static TeamSync executorBarrier(int threads) {
        return new TeamSync("executor+cyclicbarrier", new ExecutorBarrierTeam(threads));
    }

    /** Persistent team on a Phaser. */
    public static TeamSync phaser(int threads) {
        return new TeamSync("phaser-team", new PhaserTeam(threads));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String mechanism(SyncConstruct construct) {
        return switch (construct) {
            case SINGLE -> name + " + CAS claim";
            case CRITICAL -> name + " + synchronized";
            case LOCK -> name + " + ReentrantLock";
            case ORDERED -> name + " + spin on ticket";
            case ATOMIC, REDUCTION -> name + " + AtomicLong";
            default -> name;
        };
    }

    @Override
    public Optional<Kernel> kernel(SyncConstruct construct) {
        return Optional.of(switch (construct) {
            case PARALLEL -> this::parallel;
            case FOR -> this::forLoop;
            case PARALLEL_FOR -> this::parallelFor;
            case BARRIER -> this::barrier;
            case SINGLE -> this::single;
            case CRITICAL -> this::critical;
            case LOCK -> this::lock;
            case ORDERED -> this::ordered;
            case ATOMIC -> this::atomic;
            case REDUCTION -> this::reduction;
        });
    }

    @Override
    public void close() {
        team.close();
    }

    private long parallel(int innerReps, Work work) {
        for (int j = 0; j < innerReps; j++) {
            team.region(t -> work.run());
        }
        return 0;
    }

    /** Thread t's block of a static split of {@code iterations} over the team. */
    private void block(int t, int iterations, Work work) {
        int n = team.size();
        int lo = (int) ((long) iterations * t / n);
        int hi = (int) ((long) iterations * (t + 1) / n);
        for (int i = lo; i < hi; i++) {
            work.run();
        }
    }

    private long forLoop(int innerReps, Work work) {
        team.region(t -> {
            for (int j = 0; j < innerReps; j++) {
                block(t, team.size(), work);
                team.barrier();
            }
        });
        return 0;
    }

    private long parallelFor(int innerReps, Work work) {
        for (int j = 0; j < innerReps; j++) {
            team.region(t -> block(t, team.size(), work));
        }
        return 0;
    }

    private long barrier(int innerReps, Work work) {
        team.region(t -> {
            for (int j = 0; j < innerReps; j++) {
                work.run();
                team.barrier();
            }
        });
        return 0;
    }

    /** The first thread to move the counter from j to j+1 runs the j-th single; the barrier keeps all at j. */
    private long single(int innerReps, Work work) {
        AtomicInteger claimed = new AtomicInteger();
        team.region(t -> {
            for (int j = 0; j < innerReps; j++) {
                if (claimed.get() == j && claimed.compareAndSet(j, j + 1)) {
                    work.run();
                }
                team.barrier();
            }
        });
        return 0;
    }

    private long critical(int innerReps, Work work) {
        team.region(t -> {
            for (int j = 0; j < innerReps / team.size(); j++) {
                synchronized (monitor) {
                    work.run();
                }
            }
        });
        return 0;
    }

    private long lock(int innerReps, Work work) {
        ReentrantLock lock = new ReentrantLock();
        team.region(t -> {
            for (int j = 0; j < innerReps / team.size(); j++) {
                lock.lock();
                try {
                    work.run();
                } finally {
                    lock.unlock();
                }
            }
        });
        return 0;
    }

    /** Iterations dealt round-robin (static,1); a thread spins until the ticket reaches its iteration. */
    private long ordered(int innerReps, Work work) {
        AtomicLong ticket = new AtomicLong();
        long[] inOrder = {0};
        team.region(t -> {
            for (int j = t; j < innerReps; j += team.size()) {
                while (ticket.get() != j) {
                    Thread.onSpinWait();
                }
                if (inOrder[0] == j) {
                    inOrder[0]++;
                }
                work.run();
                ticket.set(j + 1);
            }
        });
        return inOrder[0];
    }

    private long atomic(int innerReps, Work work) {
        AtomicLong aaaa = new AtomicLong();
        team.region(t -> {
            for (int j = 0; j < innerReps / team.size(); j++) {
                aaaa.incrementAndGet();
            }
        });
        return aaaa.get();
    }

    private long reduction(int innerReps, Work work) {
        AtomicLong aaaa = new AtomicLong();
        for (int j = 0; j < innerReps; j++) {
            team.region(t -> {
                long mine = 0;
                work.run();
                mine += 1;
                aaaa.addAndGet(mine);
            });
        }
        return aaaa.get();
    }
}
