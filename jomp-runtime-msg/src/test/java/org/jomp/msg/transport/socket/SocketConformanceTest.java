package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Point-to-point and collectives across real JVMs over real loopback sockets, each job bootstrapped from the
 * variables of a different engine (jomprun, Slurm, Open MPI, Hydra), as srun or mpirun would set them.
 */
class SocketConformanceTest {
    private static final List<String> ALLOW = List.of(
            "-Djomp.msg.serialAllow=org.jomp.msg.transport.socket.ConformanceApp$Point");

    @ParameterizedTest(name = "{0} ranks, Unix sockets {1}")
    @CsvSource({"1, true", "2, true", "2, false", "3, true", "3, false", "4, true", "4, false"})
    void everyCheckPassesOnEveryRank(int n, boolean unix) {
        int port = JvmJob.freePort();
        String secret = JobSecret.randomText();
        String engine = switch (n) {
            case 2 -> "openmpi";
            case 3 -> "slurm";
            default -> "jomprun";
        };
        // 3 ranks run with tiny socket buffers, so that writes are taken in part and the reader's unfinished
        // frames and the pump's continuations are exercised.
        List<String> options = new ArrayList<>(ALLOW);
        options.add("-Djomp.msg.socket.unix=" + unix);
        if (n == 3) {
            options.add("-Djomp.msg.socket.buffer=8192");
        }
        // 4 ranks over TCP run as jomprun runs a job of more ranks than cores, with the algorithms it picks then.
        if (n == 4 && !unix) {
            options.add("-Djomp.msg.crowded=true");
        }
        try (JvmJob job = JvmJob.start(n, ConformanceApp.class.getName(), r -> env(engine, r, n, port, secret),
                options, Integer.toString(n))) {
            int[] codes = job.await(90);
            String out = job.allOutput();
            assertArrayEquals(new int[n], codes, out);
            // Every call agrees on every rank: no rank may end with a collective's message unreceived.
            assertFalse(out.contains("jomp: warning"), out);
            for (int r = 0; r < n; r++) {
                assertTrue(job.output(r).contains("rank " + r + " of " + n + " on "), out);
            }
            if (n > 1) {
                assertTrue(job.output(1).contains("rank 1 rejected a forbidden class"), out);
            }
        }
    }

    /** The variables each engine gives rank {@code r}; the port is given where the engine has no job id. */
    static Map<String, String> env(String engine, int r, int n, int port, String secret) {
        Map<String, String> e = new HashMap<>();
        e.put("JOMP_JOB_SECRET", secret);
        switch (engine) {
            case "slurm" -> {
                e.put("SLURM_PROCID", Integer.toString(r));
                e.put("SLURM_NTASKS", Integer.toString(n));
                e.put("SLURM_LOCALID", Integer.toString(r));
                e.put("SLURM_JOB_ID", Integer.toString(port));
                e.put("SLURM_STEP_ID", "0");
                e.put("SLURM_JOB_NODELIST", "localhost");
            }
            case "openmpi" -> {
                e.put("OMPI_COMM_WORLD_RANK", Integer.toString(r));
                e.put("OMPI_COMM_WORLD_SIZE", Integer.toString(n));
                e.put("OMPI_COMM_WORLD_LOCAL_RANK", Integer.toString(r));
                e.put("OMPI_COMM_WORLD_LOCAL_SIZE", Integer.toString(n));
                e.put("JOMP_MASTER_PORT", Integer.toString(port));
            }
            case "hydra" -> {
                e.put("PMI_RANK", Integer.toString(r));
                e.put("PMI_SIZE", Integer.toString(n));
                e.put("MPI_LOCALRANKID", Integer.toString(r));
                e.put("MPI_LOCALNRANKS", Integer.toString(n));
                e.put("JOMP_MASTER_PORT", Integer.toString(port));
            }
            default -> e.putAll(JvmJob.jompEnv(r, n, port, secret));
        }
        return e;
    }
}
