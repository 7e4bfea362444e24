package org.jomp.examples.epcc.jomp;

import java.util.Optional;

import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.method.Work;
import org.jomp.examples.epcc.sync.SyncConstruct;
import org.jomp.examples.epcc.sync.SyncImplementation;
import org.jomp.runtime.Atomic;
import org.jomp.runtime.CriticalLock;
import org.jomp.runtime.Lock;
import org.jomp.runtime.Loop;
import org.jomp.runtime.Omp;
import org.jomp.runtime.Schedule;

/**
 * syncbench written against the JOMP runtime API exactly as the translator emits it for EPCC's {@code #pragma omp}
 * tests (docs/runtime-api.md): regions as lambdas, work-sharing loops as a plain loop over the chunks handed out by
 * {@link Loop}, shared scalars in one-element arrays, reductions into a private copy combined under the team's
 * reduction lock. Each method's comment shows the directive code it stands for.
 */
public final class JompApiSync implements SyncImplementation {
    /** The unnamed critical section, looked up once as a translator hoists it. */
    private static final CriticalLock UNNAMED_CRITICAL = Omp.critical(null);

    private final int threads;

    public JompApiSync(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
    }

    @Override
    public String name() {
        return "jomp-api";
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
        // The runtime's pools belong to the calling thread and outlive this object.
    }

    /** {@code for (j...) { //omp parallel \n { delay(); } }} */
    private long parallel(int innerReps, Work work) throws Throwable {
        for (int j = 0; j < innerReps; j++) {
            Omp.parallel(threads, true, () -> {
                work.run();
            });
        }
        return 0;
    }

    /** {@code //omp parallel \n { for (j...) { //omp for \n for (i = 0; i < threads; i++) delay(); } }} */
    private long forLoop(int innerReps, Work work) throws Throwable {
        Omp.parallel(threads, true, () -> {
            for (int j = 0; j < innerReps; j++) {
                Loop loop = Omp.loop(0, threads, 1, Schedule.STATIC, 0);
                while (loop.next()) {
                    for (int i = loop.intStart(); i < loop.intEnd(); i++) {
                        work.run();
                    }
                }
                loop.end(false);
            }
        });
        return 0;
    }

    /**
     * {@code for (j...) { //omp parallel for \n for (i = 0; i < threads; i++) delay(); }}: the loop's barrier is
     * the region's join, so the loop ends with nowait, as the combined construct allows.
     */
    private long parallelFor(int innerReps, Work work) throws Throwable {
        for (int j = 0; j < innerReps; j++) {
            Omp.parallel(threads, true, () -> {
                Loop loop = Omp.loop(0, threads, 1, Schedule.STATIC, 0);
                while (loop.next()) {
                    for (int i = loop.intStart(); i < loop.intEnd(); i++) {
                        work.run();
                    }
                }
                loop.end(true);
            });
        }
        return 0;
    }

    /** {@code //omp parallel \n { for (j...) { delay(); //omp barrier } }} */
    private long barrier(int innerReps, Work work) throws Throwable {
        Omp.parallel(threads, true, () -> {
            for (int j = 0; j < innerReps; j++) {
                work.run();
                Omp.barrier();
            }
        });
        return 0;
    }

    /** {@code //omp parallel \n { for (j...) { //omp single \n delay(); } }} */
    private long single(int innerReps, Work work) throws Throwable {
        Omp.parallel(threads, true, () -> {
            for (int j = 0; j < innerReps; j++) {
                if (Omp.singleBegin()) {
                    work.run();
                }
                Omp.singleEnd(false);
            }
        });
        return 0;
    }

    /** {@code //omp parallel \n { for (j < innerReps / threads) { //omp critical \n delay(); } }} */
    private long critical(int innerReps, Work work) throws Throwable {
        Omp.parallel(threads, true, () -> {
            for (int j = 0; j < innerReps / threads; j++) {
                UNNAMED_CRITICAL.lock();
                try {
                    work.run();
                } finally {
                    UNNAMED_CRITICAL.unlock();
                }
            }
        });
        return 0;
    }

    /** {@code //omp parallel \n { for (j < innerReps / threads) { lock.set(); delay(); lock.unset(); } }} */
    private long lock(int innerReps, Work work) throws Throwable {
        Lock lock = new Lock();
        Omp.parallel(threads, true, () -> {
            for (int j = 0; j < innerReps / threads; j++) {
                lock.set();
                try {
                    work.run();
                } finally {
                    lock.unset();
                }
            }
        });
        return 0;
    }

    /**
     * {@code //omp parallel for schedule(static,1) ordered \n for (j...) { //omp ordered \n delay(); }}; the
     * ordered block also counts the iterations that reach it in sequence, which the check compares with innerReps.
     */
    private long ordered(int innerReps, Work work) throws Throwable {
        long[] inOrder = {0};
        Omp.parallel(threads, true, () -> {
            Loop loop = Omp.loop(0, innerReps, 1, Schedule.staticChunk(1), Loop.ORDERED);
            while (loop.next()) {
                for (int j = loop.intStart(); j < loop.intEnd(); j++) {
                    Omp.orderedBegin(j);
                    if (inOrder[0] == j) {
                        inOrder[0]++;
                    }
                    work.run();
                    Omp.orderedEnd();
                }
            }
            loop.end(true);
        });
        return inOrder[0];
    }

    /** {@code //omp parallel \n { for (j < innerReps / threads) { //omp atomic \n aaaa += 1; } }} */
    private long atomic(int innerReps, Work work) throws Throwable {
        long[] aaaa = {0};
        Omp.parallel(threads, true, () -> {
            for (int j = 0; j < innerReps / threads; j++) {
                Atomic.addAndGet(aaaa, 0, 1L);
            }
        });
        return aaaa[0];
    }

    /** {@code for (j...) { //omp parallel reduction(+:aaaa) \n { delay(); aaaa += 1; } }} */
    private long reduction(int innerReps, Work work) throws Throwable {
        long[] aaaa = {0};
        for (int j = 0; j < innerReps; j++) {
            Omp.parallel(threads, true, () -> {
                long aaaa$ = 0;
                work.run();
                aaaa$ += 1;
                Omp.reductionLock();
                try {
                    aaaa[0] += aaaa$;
                } finally {
                    Omp.reductionUnlock();
                }
            });
        }
        return aaaa[0];
    }
}
