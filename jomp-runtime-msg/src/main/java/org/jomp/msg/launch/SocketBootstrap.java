package org.jomp.msg.launch;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

import org.jomp.msg.Comm;
import org.jomp.msg.CommException;
import org.jomp.msg.transport.ObjectCodec;
import org.jomp.msg.transport.socket.JobSecret;
import org.jomp.msg.transport.socket.Mesh;
import org.jomp.msg.transport.socket.MeshConfig;
import org.jomp.msg.transport.socket.ObjectAllowList;
import org.jomp.msg.transport.socket.SocketTransport;

/**
 * The world of a JVM that is one rank of a multi-JVM job (started by jomprun, Slurm, mpirun or Hydra; see
 * {@link JobEnvironment}): built on first use by joining the job's socket mesh.
 *
 * <p>It ties the rank's end to the job: when the JVM ends normally a shutdown hook runs the finalize (goodbye to
 * every peer, then wait for theirs); when the thread that started the world dies of an exception, every peer is
 * told at once which rank failed, so their blocked calls throw instead of waiting. Object messages are checked
 * against the {@link ObjectAllowList} from then on.
 */
public final class SocketBootstrap {
    private static final Object LOCK = new Object();
    private static boolean detected;
    private static Comm world;

    private SocketBootstrap() {
    }

    /**
     * The world of this JVM's rank if the environment says it is one rank of several JVMs, else {@code null}.
     * The first call joins the mesh (it waits for all ranks, up to {@code -Djomp.msg.socket.timeout} ms,
     * default 60000).
     */
    public static Comm world() {
        synchronized (LOCK) {
            if (!detected) {
                JobEnvironment job = JobEnvironment.detect(System.getenv(), Path.of(System.getProperty("user.home")));
                detected = true;
                if (job != null) {
                    ClassLoader loader = Thread.currentThread().getContextClassLoader();
                    world = join(job, loader != null ? loader : SocketBootstrap.class.getClassLoader());
                }
            }
            return world;
        }
    }

    /** Joins the mesh of {@code job} and returns the rank's world; see the class comment for what it installs. */
    static Comm join(JobEnvironment job, ClassLoader loader) {
        InetAddress bind = job.local() ? InetAddress.getLoopbackAddress() : new InetSocketAddress(0).getAddress();
        String advertised = job.local() ? "127.0.0.1" : advertisedHost();
        long timeout = Long.getLong("jomp.msg.socket.timeout", 60_000);
        MeshConfig cfg = MeshConfig.of(job.rank(), job.size(), new InetSocketAddress(job.masterHost(),
                job.masterPort()), bind, advertised, JobSecret.of(job.secret()), timeout);
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

    /**
     * Runs when the JVM ends. After {@code main} has returned: the finalize, waiting for every peer. While
     * {@code main} still runs (System.exit or a signal): the rank may be leaving peers that still count on it, so
     * it waits only {@code -Djomp.msg.socket.exitGraceMillis} (default 2000) for their goodbyes, then aborts the
     * job naming itself, so that no peer waits for it forever.
     */
    private static void finish(SocketTransport transport, Thread starter, int rank) {
        if (!starter.isAlive()) {
            transport.close();
        } else if (!transport.finalizeWithin(Long.getLong("jomp.msg.socket.exitGraceMillis", 2000))) {
            transport.abort(new CommException("rank " + rank + " exited (System.exit or a signal) while other ranks"
                    + " were still running"));
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
