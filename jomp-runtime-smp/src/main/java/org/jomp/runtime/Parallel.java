package org.jomp.runtime;

/**
 * The parallel construct (libgomp's parallel.c): decides the team size, forks the team from the encountering
 * thread's pool, runs thread 0's share in the encountering thread, joins, and rethrows the first failure.
 *
 * <p>Team size, as OpenMP 5.2 section 10.1.1 says: 1 when the if clause is false or max-active-levels is reached;
 * otherwise the num_threads value or nthreads-var, cut to the number of processors under dyn-var and to what
 * is left of thread-limit-var in the contention group. A team of one runs the body directly in a serialised
 * region: one level deeper, same active level. So does a region inside its class's static initialiser, where
 * workers would deadlock ({@link InitializerGuard}).
 */
final class Parallel {

    private Parallel() {
    }

    static void run(int numThreads, boolean ifClause, Region body) {
        if (body == null) {
            throw new IllegalArgumentException("parallel region body must not be null");
        }
        ThreadState self = Binding.state();
        Icv icv = self.icv;
        int n = 1;
        if (ifClause && self.team.activeLevel < icv.maxActiveLevels) {
            n = numThreads > 0 ? numThreads : icv.nthreads;
            if (icv.dynamic) {
                n = Math.min(n, Env.NUM_PROCS);
            }
            if (n > 1 && InitializerGuard.mustSerialise(self.pool(), body, System.err)) {
                n = 1;
            }
        }
        int limit = Env.global().threadLimit();
        int reserved = 0;
        if (n > 1 && limit != Integer.MAX_VALUE) {
            reserved = self.group.reserve(n - 1, limit);
            n = reserved + 1;
        }
        if (n == 1) {
            serial(self, body);
            return;
        }
        try {
            fork(self, n, body);
        } finally {
            if (reserved > 0) {
                self.group.release(reserved);
            }
        }
    }

    private static void serial(ThreadState self, Region body) {
        ThreadState inner = self.serial();
        inner.beginRegion();
        // A cancel parallel of the previous region run on this team of one must not cancel this one.
        inner.team.broken = false;
        Binding binding = self.binding;
        binding.current = inner;
        try {
            body.run();
        } catch (Throwable e) {
            throw Parallel.<RuntimeException>sneaky(e);
        } finally {
            binding.current = self;
        }
    }

    private static void fork(ThreadState self, int n, Region body) {
        WorkerPool pool = self.pool();
        TeamThread[] workers = pool.workers(n - 1);
        Team team = pool.team;
        team.start(n, body);
        for (int i = 0; i < n - 1; i++) {
            workers[i].dispatch(team);
        }
        ThreadState master = pool.master;
        master.beginRegion();
        Binding binding = self.binding;
        binding.current = master;
        try {
            body.run();
        } catch (Throwable e) {
            team.fail(e);
        }
        team.tasks.finish(master);
        binding.current = self;
        team.awaitWorkers(master);
        Throwable failure = team.failure();
        if (failure != null) {
            throw Parallel.<RuntimeException>sneaky(failure);
        }
    }

    /** Rethrows any Throwable exactly as it is, checked or not, without wrapping. */
    @SuppressWarnings("unchecked")
    static <T extends Throwable> T sneaky(Throwable e) throws T {
        throw (T) e;
    }
}
