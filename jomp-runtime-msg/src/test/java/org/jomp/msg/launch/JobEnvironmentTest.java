package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobEnvironmentTest {
    @TempDir
    Path home;

    @Test
    void noEngineVariablesMeansNoMultiJvmJob() {
        assertNull(JobEnvironment.detect(Map.of("PATH", "/bin"), home));
        assertNull(JobEnvironment.detect(Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "1"), home));
    }

    @Test
    void slurmExpandsTheNodeListAndDerivesThePortFromTheJob() {
        Map<String, String> env = Map.of("SLURM_PROCID", "5", "SLURM_NTASKS", "8", "SLURM_LOCALID", "1",
                "SLURM_JOB_ID", "4711", "SLURM_STEP_ID", "2", "SLURM_JOB_NODELIST", "node[01-03,07],gpu5",
                "JOMP_JOB_SECRET", "s3cret-s3cret-s3cret");
        JobEnvironment j = JobEnvironment.detect(env, home);
        assertEquals("slurm", j.engine());
        assertEquals(5, j.rank());
        assertEquals(8, j.size());
        assertEquals(1, j.localRank());
        assertEquals("4711.2", j.jobId());
        assertEquals("node01", j.masterHost());
        assertFalse(j.local());
        assertEquals(JobEnvironment.portOf("4711.2"), j.masterPort());
        assertTrue(j.masterPort() >= 20000 && j.masterPort() < 32768);
        assertNotEquals(JobEnvironment.portOf("4711.3"), j.masterPort());
    }

    @Test
    void derivedMasterPortsLieBelowTheKernelsEphemeralRange() {
        for (int job = 0; job < 100_000; job++) {
            for (String id : new String[] {Integer.toString(job), job + ".0", job + ".1"}) {
                int port = JobEnvironment.portOf(id);
                assertTrue(port >= 20000 && port < 32768, "job " + id + " derives port " + port);
            }
        }
    }

    @Test
    void aSingleNodeSlurmJobListensOnLoopback() {
        JobEnvironment j = JobEnvironment.detect(Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "2", "SLURM_JOB_ID",
                "9", "SLURM_JOB_NODELIST", "node17", "JOMP_JOB_SECRET", "s3cret-s3cret-s3cret"), home);
        assertTrue(j.local());
        assertEquals("127.0.0.1", j.masterHost());
    }

    @Test
    void openMpiAndHydraJobsOnOneMachineAreLocal() {
        JobEnvironment o = JobEnvironment.detect(Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "4",
                "OMPI_COMM_WORLD_LOCAL_RANK", "1", "OMPI_COMM_WORLD_LOCAL_SIZE", "4", "OMPI_MCA_ess_base_jobid",
                "123", "JOMP_JOB_SECRET", "s3cret-s3cret-s3cret"), home);
        assertEquals("openmpi", o.engine());
        assertEquals(1, o.rank());
        assertTrue(o.local());
        assertEquals(JobEnvironment.portOf("123"), o.masterPort());
        JobEnvironment five = JobEnvironment.detect(Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2",
                "OMPI_COMM_WORLD_LOCAL_SIZE", "2", "PMIX_NAMESPACE", "prterun-node1-4242@1",
                "JOMP_JOB_SECRET", "s3cret-s3cret-s3cret"), home);
        assertEquals("prterun-node1-4242@1", five.jobId());
        assertEquals(JobEnvironment.portOf("prterun-node1-4242@1"), five.masterPort());
        JobEnvironment h = JobEnvironment.detect(Map.of("PMI_RANK", "2", "PMI_SIZE", "3", "MPI_LOCALNRANKS", "3",
                "JOMP_MASTER_PORT", "31000", "JOMP_JOB_SECRET", "s3cret-s3cret-s3cret"), home);
        assertEquals("hydra", h.engine());
        assertEquals(31000, h.masterPort());
        assertTrue(h.local());
    }

    @Test
    void missingOrMalformedVariablesAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JobEnvironment.detect(
                Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "4", "JOMP_MASTER_PORT", "30000",
                        "JOMP_JOB_SECRET", "s3cret-s3cret-s3cret"), home));
        assertTrue(e.getMessage().contains("JOMP_MASTER_ADDR"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> JobEnvironment.detect(
                Map.of("JOMP_RANK", "x", "JOMP_SIZE", "2"), home));
        assertEquals("JOMP_RANK=x is not a non-negative number", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> JobEnvironment.detect(
                Map.of("JOMP_RANK", "0", "JOMP_SIZE", "2", "JOMP_MASTER_ADDR", "127.0.0.1", "JOMP_MASTER_PORT",
                        "30000"), home));
        assertTrue(e.getMessage().contains("no job secret"), e.getMessage());
    }

    @Test
    void aSecretFileMustBePrivateAndIsBoundToTheJob() throws IOException {
        Path dir = Files.createDirectories(home.resolve(".jomp"));
        Path file = Files.writeString(dir.resolve("secret"), "family-jewels\n");
        Map<String, String> env = Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "2", "SLURM_JOB_ID", "77",
                "SLURM_JOB_NODELIST", "n1");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JobEnvironment.detect(env, home));
        assertTrue(e.getMessage().contains("readable by others"), e.getMessage());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        assertEquals("family-jewels:77", JobEnvironment.detect(env, home).secret());
    }

    @Test
    void theTextOfAJobEnvironmentHidesItsSecret() throws IOException {
        JobEnvironment fromEnv = JobEnvironment.detect(Map.of("JOMP_RANK", "1", "JOMP_SIZE", "2", "JOMP_JOB_ID",
                "abc", "JOMP_MASTER_ADDR", "127.0.0.1", "JOMP_MASTER_PORT", "30000", "JOMP_JOB_SECRET",
                "0123456789abcdef-family-jewels"), home);
        String text = fromEnv.toString();
        assertFalse(text.contains("family-jewels"), text);
        assertTrue(text.contains("secret=(set, 30 chars)"), text);
        assertTrue(text.contains("rank=1") && text.contains("masterPort=30000"), text);

        Path dir = Files.createDirectories(home.resolve(".jomp"));
        Files.writeString(dir.resolve("secret"), "family-jewels-from-a-file\n");
        Files.setPosixFilePermissions(dir.resolve("secret"), PosixFilePermissions.fromString("rw-------"));
        JobEnvironment fromFile = JobEnvironment.detect(Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "2",
                "SLURM_JOB_ID", "77", "SLURM_JOB_NODELIST", "n1"), home);
        assertFalse(fromFile.toString().contains("family-jewels"), fromFile.toString());
        assertFalse(new JobEnvironment("jomprun", 0, 2, 0, "", "h", 1, true, "").toString().contains("(set"));
    }
}
