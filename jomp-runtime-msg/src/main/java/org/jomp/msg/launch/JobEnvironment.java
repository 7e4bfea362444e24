package org.jomp.msg.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where this JVM stands in a multi-JVM job, read from the variables of the engine that started it:
 *
 * <table>
 *   <caption>engines, in the order they are looked for</caption>
 *   <tr><th>engine</th><th>rank, size, local rank</th><th>job id</th><th>master host</th></tr>
 *   <tr><td>jomprun</td><td>JOMP_RANK, JOMP_SIZE, JOMP_LOCAL_RANK</td><td>JOMP_JOB_ID</td>
 *       <td>JOMP_MASTER_ADDR</td></tr>
 *   <tr><td>Slurm srun</td><td>SLURM_PROCID, SLURM_NTASKS, SLURM_LOCALID</td><td>SLURM_JOB_ID.SLURM_STEP_ID</td>
 *       <td>first host of SLURM_STEP_NODELIST or SLURM_JOB_NODELIST</td></tr>
 *   <tr><td>Open MPI mpirun</td><td>OMPI_COMM_WORLD_RANK, _SIZE, _LOCAL_RANK</td>
 *       <td>OMPI_MCA_ess_base_jobid, else PMIX_NAMESPACE (Open MPI 5)</td>
 *       <td>loopback when all ranks are local (OMPI_COMM_WORLD_LOCAL_SIZE)</td></tr>
 *   <tr><td>MPICH Hydra</td><td>PMI_RANK, PMI_SIZE, MPI_LOCALRANKID</td><td>PMI_KVSNAME</td>
 *       <td>loopback when all ranks are local (MPI_LOCALNRANKS)</td></tr>
 * </table>
 *
 * {@code JOMP_MASTER_ADDR} and {@code JOMP_MASTER_PORT} override the master address and port everywhere; without
 * a port, it is derived from the job id so that all ranks agree without talking. A job whose ranks all run on
 * this machine (the master is a loopback address, or the node list has one host) listens on loopback only.
 *
 * <p>The job secret is {@code JOMP_JOB_SECRET} (jomprun makes a random one); otherwise the contents of
 * {@code JOMP_SECRET_FILE} or {@code ~/.jomp/secret}, which must be readable by its owner only, combined with the
 * job id.
 *
 * @param engine     which engine started the job ("jomprun", "slurm", "openmpi", "hydra")
 * @param rank       this JVM's rank
 * @param size       number of ranks
 * @param localRank  this rank's number among the ranks of its node
 * @param jobId      the engine's job id (empty when it has none)
 * @param masterHost where rank 0 listens
 * @param masterPort the port rank 0 listens on
 * @param local      true when every rank runs on this machine (loopback only)
 * @param secret     the job secret, as text
 */
public record JobEnvironment(String engine, int rank, int size, int localRank, String jobId, String masterHost,
                             int masterPort, boolean local, String secret) {

    /**
     * The job this JVM belongs to, or {@code null} when no engine variables say it is one rank of several JVMs
     * (a plain {@code java Main}, or a job of one rank).
     *
     * @param env  the environment ({@code System.getenv()})
     * @param home the user's home directory (for {@code ~/.jomp/secret})
     * @throws IllegalArgumentException naming the variable that is missing or malformed
     */
    public static JobEnvironment detect(Map<String, String> env, Path home) {
        String engine;
        int rank;
        int size;
        int localRank;
        int localSize;
        String jobId;
        List<String> nodes = List.of();
        if (env.containsKey("JOMP_RANK")) {
            engine = "jomprun";
            rank = number(env, "JOMP_RANK");
            size = number(env, "JOMP_SIZE");
            localRank = optionalNumber(env, "JOMP_LOCAL_RANK", rank);
            localSize = size;
            jobId = env.getOrDefault("JOMP_JOB_ID", "");
        } else if (env.containsKey("SLURM_PROCID") && (env.containsKey("SLURM_NTASKS")
                || env.containsKey("SLURM_NPROCS"))) {
            engine = "slurm";
            rank = number(env, "SLURM_PROCID");
            size = env.containsKey("SLURM_NTASKS") ? number(env, "SLURM_NTASKS") : number(env, "SLURM_NPROCS");
            localRank = optionalNumber(env, "SLURM_LOCALID", 0);
            localSize = -1;
            String step = env.get("SLURM_STEP_ID");
            jobId = env.getOrDefault("SLURM_JOB_ID", env.getOrDefault("SLURM_JOBID", ""))
                    + (step != null ? "." + step : "");
            String list = env.getOrDefault("SLURM_STEP_NODELIST", env.get("SLURM_JOB_NODELIST"));
            if (list != null && !list.isBlank()) {
                nodes = HostList.expand(list);
            }
        } else if (env.containsKey("OMPI_COMM_WORLD_RANK")) {
            engine = "openmpi";
            rank = number(env, "OMPI_COMM_WORLD_RANK");
            size = number(env, "OMPI_COMM_WORLD_SIZE");
            localRank = optionalNumber(env, "OMPI_COMM_WORLD_LOCAL_RANK", 0);
            localSize = optionalNumber(env, "OMPI_COMM_WORLD_LOCAL_SIZE", -1);
            // Open MPI 5 (PRRTE) no longer exports the ess job id; its PMIx namespace names the job as well.
            jobId = env.getOrDefault("OMPI_MCA_ess_base_jobid", env.getOrDefault("PMIX_NAMESPACE", ""));
        } else if (env.containsKey("PMI_RANK")) {
            engine = "hydra";
            rank = number(env, "PMI_RANK");
            size = number(env, "PMI_SIZE");
            localRank = optionalNumber(env, "MPI_LOCALRANKID", 0);
            localSize = optionalNumber(env, "MPI_LOCALNRANKS", -1);
            jobId = env.getOrDefault("PMI_KVSNAME", "");
        } else {
            return null;
        }
        if (size < 1 || rank >= size) {
            throw new IllegalArgumentException(engine + " job: rank " + rank + " is not in a job of " + size
                    + " ranks");
        }
        if (size == 1) {
            return null;
        }
        if (env.containsKey("JOMP_JOB_ID")) {
            jobId = env.get("JOMP_JOB_ID");
        }

        String master = env.get("JOMP_MASTER_ADDR");
        boolean allLocal = localSize == size || nodes.size() == 1;
        if (master == null || master.isBlank()) {
            if (!nodes.isEmpty() && nodes.size() > 1) {
                master = nodes.get(0);
            } else if (allLocal) {
                master = "127.0.0.1";
            } else {
                throw new IllegalArgumentException(engine + " job: ranks run on several hosts but no master address"
                        + " is known: set JOMP_MASTER_ADDR to rank 0's host (e.g. mpirun -x JOMP_MASTER_ADDR=host)");
            }
        }
        boolean local = isLoopback(master) || nodes.size() == 1;
        if (local) {
            master = "127.0.0.1";
        }

        int port;
        if (env.containsKey("JOMP_MASTER_PORT")) {
            port = number(env, "JOMP_MASTER_PORT");
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("JOMP_MASTER_PORT=" + port + " is not a TCP port");
            }
        } else if (!jobId.isEmpty()) {
            port = portOf(jobId);
        } else {
            throw new IllegalArgumentException(engine + " job: no job id to derive the master port from: set"
                    + " JOMP_MASTER_PORT (the same on all ranks)");
        }
        return new JobEnvironment(engine, rank, size, localRank, jobId, master, port, local,
                secret(env, home, jobId, engine));
    }

    /**
     * The record's text without the secret, which says only whether it is set and how long it is: this text may
     * end up in a log or an error message, and the secret lets anyone who has it join the job.
     */
    @Override
    public String toString() {
        String hidden = secret == null || secret.isEmpty() ? "(not set)" : "(set, " + secret.length() + " chars)";
        return "JobEnvironment[engine=" + engine + ", rank=" + rank + ", size=" + size + ", localRank=" + localRank
                + ", jobId=" + jobId + ", masterHost=" + masterHost + ", masterPort=" + masterPort + ", local=" + local
                + ", secret=" + hidden + "]";
    }

    /**
     * The master port all ranks of job {@code jobId} derive: a stable hash into [20000, 32768), below the kernel's
     * ephemeral range as {@link LoopbackPort}'s, since rank 0 binds it only once it runs: a port of that range
     * could meanwhile be given to any outgoing connection on rank 0's node, the job's own ranks' included.
     */
    static int portOf(String jobId) {
        int h = 0;
        for (byte b : jobId.getBytes(StandardCharsets.UTF_8)) {
            h = 31 * h + b;
        }
        return LoopbackPort.LOW + Math.floorMod(h, LoopbackPort.HIGH - LoopbackPort.LOW);
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    }

    private static String secret(Map<String, String> env, Path home, String jobId, String engine) {
        String s = env.get("JOMP_JOB_SECRET");
        if (s != null && !s.isEmpty()) {
            return s;
        }
        Path file = env.containsKey("JOMP_SECRET_FILE") ? Path.of(env.get("JOMP_SECRET_FILE"))
                : home.resolve(".jomp").resolve("secret");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(engine + " job: no job secret: set JOMP_JOB_SECRET on every rank, or"
                    + " create " + file + " (readable by you only) on every node");
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
                throw new IllegalArgumentException("job secret file " + file + " is readable by others (" + perms
                        + "): chmod 600 it");
            }
            return Files.readString(file).trim() + ":" + jobId;
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException("job secret file " + file + " cannot be read: " + e, e);
        }
    }

    private static int number(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null) {
            throw new IllegalArgumentException(name + " is not set");
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with the variable's name
        }
        throw new IllegalArgumentException(name + "=" + v + " is not a non-negative number");
    }

    private static int optionalNumber(Map<String, String> env, String name, int fallback) {
        return env.containsKey(name) ? number(env, name) : fallback;
    }
}
