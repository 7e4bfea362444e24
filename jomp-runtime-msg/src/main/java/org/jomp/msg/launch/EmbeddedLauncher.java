package org.jomp.msg.launch;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

import org.jomp.msg.Comm;
import org.jomp.msg.CommException;
import org.jomp.msg.RankFailedException;
import org.jomp.msg.transport.LocalRanks;
import org.jomp.msg.transport.WaitPolicy;
import org.jomp.msg.transport.hybrid.HybridNode;
import org.jomp.msg.transport.shm.SharedMemoryFabric;

/**
 * Runs a job's ranks as threads of this JVM over the shared-memory transport: the embedded default, chosen with
 * {@code -Djomp.np=N} or {@code JOMP_NP=N}. When a rank throws, the job is aborted: every other rank's blocked or
 * later communication throws {@link RankFailedException} naming it, so all ranks end; the launcher then reports
 * the first failure.
 */
public final class EmbeddedLauncher {
    private static final Object SINGLETON_LOCK = new Object();
    private static Comm singleton;

    private EmbeddedLauncher() {
    }

    /** The number of ranks asked for by {@code -Djomp.np} (first) or {@code JOMP_NP}; 1 when neither is set. */
    public static int configuredRanks() {
        String source = "-Djomp.np";
        String value = System.getProperty("jomp.np");
        if (value == null) {
            source = "JOMP_NP";
            value = System.getenv("JOMP_NP");
        }
        if (value == null || value.isBlank()) {
            return 1;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below, with the variable's name
        }
        throw new IllegalArgumentException(source + "=" + value + " is not a positive number of ranks");
    }

    /** The world of a JVM that is a job of one rank (a plain {@code java Main}). */
    public static Comm singletonWorld() {
        Comm job = SocketBootstrap.world();
        if (job != null) {
            return job;
        }
        if (SocketBootstrap.isHybrid()) {
            throw new IllegalStateException("Comm.world(): this JVM holds several ranks of a hybrid job but thread "
                    + Thread.currentThread().getName() + " is not one of them: call Comm.init(args) first in main");
        }
        int np = configuredRanks();
        if (np > 1) {
            throw new IllegalStateException("Comm.world(): " + np + " ranks were asked for (-Djomp.np/JOMP_NP) but"
                    + " thread " + Thread.currentThread().getName() + " is not a rank: call Comm.init(args) first"
                    + " in main, or start ranks with EmbeddedLauncher");
        }
        synchronized (SINGLETON_LOCK) {
            if (singleton == null) {
                ClassLoader loader = Thread.currentThread().getContextClassLoader();
                singleton = Comm.createWorld(new SharedMemoryFabric(1).transport(0),
                        loader != null ? loader : EmbeddedLauncher.class.getClassLoader());
            }
            return singleton;
        }
    }

    /** See {@link Comm#init}. */
    public static Comm init(String[] args) {
        Comm bound = RankContext.current();
        if (bound != null) {
            return bound;
        }
        Comm job = SocketBootstrap.world();
        if (job != null) {
            return job;
        }
        LocalRanks ranks = SocketBootstrap.hybridNode();
        int np = ranks != null ? ranks.count() : configuredRanks();
        if (ranks == null && np == 1) {
            return singletonWorld();
        }
        if (ranks == null) {
            ranks = new SharedMemoryFabric(np);
        }
        Class<?> mainClass = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .walk(frames -> frames.map(StackWalker.StackFrame::getDeclaringClass)
                        .filter(c -> c != EmbeddedLauncher.class && c != Comm.class)
                        .findFirst())
                .orElseThrow();
        int status = 0;
        try {
            runMain(ranks, mainClass.getName(), args, mainClass.getClassLoader());
        } catch (JobFailedException e) {
            System.err.println("jomp: " + e.getMessage());
            e.getCause().printStackTrace();
            status = 1;
        }
        System.out.flush();
        System.exit(status);
        throw new AssertionError("System.exit returned");
    }

    /**
     * Runs {@code np} ranks, each executing {@code mainClass.main(args)} in its own {@link RankClassLoader} (so each
     * has its own static state), and waits for all.
     *
     * @throws JobFailedException naming the first rank that threw
     */
    public static void runMain(int np, String mainClass, String[] args, ClassLoader parent) {
        runMain(fabric(np, true), mainClass, args, parent);
    }

    /**
     * Like {@link #runMain(int, String, String[], ClassLoader)} for the ranks {@code ranks} holds (this JVM's share
     * of a hybrid job, say).
     */
    public static void runMain(LocalRanks ranks, String mainClass, String[] args, ClassLoader parent) {
        launch(ranks, true, parent, (rank, world, loader) -> {
            Class<?> c = Class.forName(mainClass, true, loader);
            Method main = c.getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers())) {
                throw new IllegalArgumentException("embedded launcher: " + mainClass + ".main is not static");
            }
            try {
                main.invoke(null, (Object) args.clone());
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    /**
     * Runs {@code np} ranks that each call {@code body} with their world, sharing this JVM's classes, and waits for
     * all.
     *
     * @throws JobFailedException naming the first rank that threw
     */
    public static void run(int np, RankMain body) {
        run(np, true, body);
    }

    /**
     * Like {@link #run(int, RankMain)}; with {@code sharedCollectives} false every collective runs over
     * point-to-point messages, as it would on a transport without shared memory.
     */
    public static void run(int np, boolean sharedCollectives, RankMain body) {
        launch(fabric(np, sharedCollectives), false, EmbeddedLauncher.class.getClassLoader(),
                (rank, world, loader) -> body.run(world));
    }

    private static SharedMemoryFabric fabric(int np, boolean sharedCollectives) {
        if (np < 1) {
            throw new IllegalArgumentException("embedded launcher: np = " + np + " must be at least 1");
        }
        return new SharedMemoryFabric(np, sharedCollectives);
    }

    @FunctionalInterface
    private interface RankBody {
        void run(int rank, Comm world, ClassLoader loader) throws Throwable;
    }

    private static final class Outcome {
        private int firstRank = -1;
        private Throwable first;

        synchronized void failed(int rank, Throwable t) {
            if (first == null) {
                firstRank = rank;
                first = t;
            } else if (!(t instanceof RankFailedException) && t != first) {
                first.addSuppressed(t);
            }
        }
    }

    /**
     * Runs each rank of {@code ranks} in a thread of its own, which opens the rank's transport (a hybrid rank joins
     * the socket mesh there, all ranks at once), runs {@code body}, and reports how the rank ended. When rank 0
     * shares the JVM with others, only rank 0 reads standard input ({@link RankStdin}). A JVM of a hybrid job also
     * tells the others which rank ended it if it ends while its ranks run ({@link HybridExit}).
     */
    private static void launch(LocalRanks ranks, boolean isolate, ClassLoader parent, RankBody body) {
        Outcome outcome = new Outcome();
        int np = ranks.count();
        Thread[] threads = new Thread[np];
        for (int i = 0; i < np; i++) {
            int rank = ranks.first() + i;
            ClassLoader loader = isolate ? new RankClassLoader(rank, parent) : parent;
            threads[i] = new Thread(() -> {
                try {
                    Comm world = Comm.createWorld(ranks.open(rank), loader);
                    if (loader instanceof RankClassLoader rl) {
                        rl.setWorld(world);
                    }
                    RankContext.bind(world);
                    body.run(rank, world, loader);
                    ranks.rankEnded(rank);
                } catch (Throwable t) {
                    outcome.failed(rank, t);
                    ranks.abort(rank, t);
                } finally {
                    RankContext.unbind();
                }
            }, "jomp-rank-" + rank);
            threads[i].setContextClassLoader(loader);
        }
        if (ranks.first() == 0 && np > 1) {
            RankStdin.install();
        }
        WaitPolicy.ranksStarted(np);
        Thread exitHook = ranks instanceof HybridNode node ? HybridExit.install(node, threads) : null;
        try {
            for (Thread t : threads) {
                t.start();
            }
            joinAll(threads, ranks);
        } finally {
            WaitPolicy.ranksStarted(-np);
            if (exitHook != null) {
                HybridExit.uninstall(exitHook);
            }
        }
        synchronized (outcome) {
            if (outcome.first != null) {
                throw new JobFailedException(outcome.firstRank, outcome.first);
            }
        }
    }

    /** Joins every rank; if the launching thread is interrupted, aborts the job and still waits for its ranks. */
    private static void joinAll(Thread[] threads, LocalRanks ranks) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                    ranks.abort(-1, new CommException("the thread that launched the ranks ("
                            + Thread.currentThread().getName() + ") was interrupted", e));
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
