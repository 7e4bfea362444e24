package org.jomp.msg.launch;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

import org.jomp.msg.Comm;
import org.jomp.msg.CommException;
import org.jomp.msg.transport.ObjectCodec;
import org.jomp.msg.transport.hybrid.HybridNode;
import org.jomp.msg.transport.socket.JobSecret;
import org.jomp.msg.transport.socket.Mesh;
import org.jomp.msg.transport.socket.MeshConfig;
import org.jomp.msg.transport.socket.ObjectAllowList;
import org.jomp.msg.transport.socket.SocketTransport;

/**
 * The world of a JVM that is one rank of a multi-JVM job (started by jomprun, Slurm, mpirun or Hydra; see
 * {@link JobEnvironment}): built on first use by joining the job's socket mesh. A JVM of a hybrid job (several
 * ranks per JVM, {@link HybridLayout}) instead gets its {@link HybridNode}, whose ranks the embedded launcher runs.
 *
 * <p>It ties the rank's end to the job: when the JVM ends normally a shutdown hook runs the finalize (goodbye to
 * every peer, then wait for theirs); when the thread that started the world dies of an exception, every peer is
 * told at once which rank failed, so their blocked calls throw instead of waiting. Object messages are checked
 * against the {@link ObjectAllowList} from then on.
 */
public final class SocketBootstrap {
    private static final Object LOCK = new Object();
    private static boolean detected;
    private static JobEnvironment job;
    private static HybridLayout layout;
    private static Comm world;

    private SocketBootstrap() {
    }

    /**
     * The world of this JVM's rank if the environment says it is one rank of several JVMs, else {@code null} (also
     * for a JVM of a hybrid job, which holds several ranks: see {@link #hybridNode()}). The first call joins the
     * mesh (it waits for all ranks, up to {@code -Djomp.msg.socket.timeout} ms, default 60000).
     */
    public static Comm world() {
        synchronized (LOCK) {
            if (!detected) {
                detected = true;
                job = JobEnvironment.detect(System.getenv(), Path.of(System.getProperty("user.home")));
                layout = HybridLayout.of(job, System.getenv(), System.getProperty("jomp.ranksPerJvm"));
                if (job != null && layout == null) {
                    ClassLoader loader = Thread.currentThread().getContextClassLoader();
                    world = join(job, loader != null ? loader : SocketBootstrap.class.getClassLoader());
                }
            }
            return world;
        }
    }

    /**
     * This JVM's ranks if it is one JVM of a hybrid job ({@link HybridLayout}), else {@code null}. Each rank joins
     * the socket mesh when it is opened, in its own thread.
     */
    public static HybridNode hybridNode() {
        synchronized (LOCK) {
            world();
            if (layout == null) {
                return null;
            }
            ObjectCodec.setFilter(ObjectAllowList.fromConfiguration());
            JobEnvironment j = job;
            int size = layout.worldSize();
            return new HybridNode(size, layout.first(), layout.count(), layout.perJvm(),
                    rank -> meshConfig(j, rank, size));
        }
    }

    /** True when this JVM is one JVM of a hybrid job: its ranks are threads that {@code Comm.init} starts. */
    static boolean isHybrid() {
        synchronized (LOCK) {
            world();
            return layout != null;
        }
    }

    /** Joins the mesh of {@code job} and returns the rank's world; see the class comment for what it installs. */
    static Comm join(JobEnvironment job, ClassLoader loader) {
        MeshConfig cfg = meshConfig(job, job.rank(), job.size());
        ObjectCodec.setFilter(ObjectAllowList.fromConfiguration());
        SocketTransport transport = Mesh.connect(cfg);
        Comm w = Comm.createWorld(transport, loader);
        Thread starter = Thread.currentThread();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> finish(transport, starter, job.rank()),
                "jomp-rank-" + job.rank() + "-finalize"));
        Thread.UncaughtExceptionHandler previous = starter.getUncaughtExceptionHandler();
        starter.setUncaughtExceptionHandler((t, e) -> {
            previous.uncaughtException(t, e);
            transport.abort(e);
        });
        return w;
    }

    /** How world rank {@code rank} of {@code size} joins the socket mesh of {@code job}. */
    private static MeshConfig meshConfig(JobEnvironment job, int rank, int size) {
        InetAddress bind = job.local() ? InetAddress.getLoopbackAddress() : new InetSocketAddress(0).getAddress();
        String advertised = job.local() ? "127.0.0.1" : advertisedHost();
        long timeout = Long.getLong("jomp.msg.socket.timeout", 60_000);
        return MeshConfig.of(rank, size, new InetSocketAddress(job.masterHost(), job.masterPort()), bind,
                advertised, JobSecret.of(job.secret()), timeout);
    }

    /**
     * Runs when the JVM ends. After {@code main} has returned: the finalize, waiting for every peer. While
     * {@code main} still runs, after System.exit (often the program's own end): the rank may be leaving peers that
     * still count on it, so it waits only {@code -Djomp.msg.socket.exitGraceMillis} (default 2000) for their
     * goodbyes, then aborts the job naming itself, so that no peer waits for it forever. For a signal (SIGTERM, a
     * job cancelled) it aborts at once: its peers' pending calls would otherwise fail as if it had ended normally.
     */
    private static void finish(SocketTransport transport, Thread starter, int rank) {
        if (!starter.isAlive()) {
            transport.close();
            transport.engine().warnUnreceivedCollectives(rank);
            return;
        }
        ExitCause cause = ExitCause.now();
        if (cause.isSignal() || !transport.finalizeWithin(Long.getLong("jomp.msg.socket.exitGraceMillis", 2000))) {
            CommException why = new CommException("rank " + rank + " exited (" + cause + ") while other ranks were"
                    + " still running");
            if (cause.isSignal()) {
                // Said here too, for jomprun's report; after System.exit the program's own last words tell more.
                System.err.println(why);
            }
            transport.abort(why);
        }
    }

    private static String advertisedHost() {
        for (String name : new String[] {"JOMP_HOST", "SLURMD_NODENAME"}) {
            String v = System.getenv(name);
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            throw new IllegalStateException("cannot name this host for the other ranks: set JOMP_HOST", e);
        }
    }
}
