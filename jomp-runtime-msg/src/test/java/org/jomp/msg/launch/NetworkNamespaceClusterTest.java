package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.socket.ConformanceApp;
import org.jomp.msg.transport.socket.FaultApp;
import org.jomp.msg.transport.socket.JobSecret;
import org.jomp.msg.transport.socket.JvmJob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cluster bootstrap with every rank on a host of its own: three Linux network namespaces, node01 to node03 at
 * 10.213.0.1 to .3, joined by a bridge that lives in a fourth namespace (the machine's own network is not touched).
 * Each rank JVM runs in its node's namespace with that node's host name (a UTS namespace of its own) and a hosts
 * file naming all nodes (bind-mounted over /etc/hosts in a mount namespace of its own), which is what a cluster's
 * nodes get from their DNS; it is given the variables srun, mpirun or Hydra would set there. So the ranks must find
 * rank 0 from the node list or the master address, listen on their node's network rather than loopback, advertise a
 * name the other nodes resolve, and derive the same port and secret on every node.
 *
 * <p>Needs root on Linux with {@code ip}, {@code unshare}, {@code mount}, {@code hostname} and network namespaces;
 * anywhere else every test is skipped at once, saying why.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class NetworkNamespaceClusterTest {
    private static final int NODES = 3;
    /** Namespaces of this test are named {@code PREFIX + pid + "-" + what}, so a run can find its dead runs' ones. */
    private static final String PREFIX = "jomp-nstest-";
    private static final List<String> ALLOW = List.of(
            "-Djomp.msg.serialAllow=org.jomp.msg.transport.socket.ConformanceApp$Point");
    /** Run by {@code sh -c} in the rank's new UTS and mount namespaces: become the node, then exec the JVM. */
    private static final String BECOME_NODE = "mount --bind \"$1\" /etc/hosts && hostname \"$2\" && shift 2"
            + " && exec \"$@\"";

    @TempDir
    static Path dir;

    private static final List<String> namespaces = new ArrayList<>();
    private static String tag;
    private static Path hosts;
    /** The secret file of the user's (shared) home that every Slurm rank reads. */
    private static Path secretFile;
    /** Each Slurm job of this class is a new step of one allocation, so each derives a port of its own. */
    private static int slurmSteps;

    @BeforeAll
    static void buildTheCluster() throws IOException, InterruptedException {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "network namespaces are Linux only");
        int uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        assumeTrue(uid == 0, "making network namespaces needs root; this test runs as uid " + uid);
        for (String tool : List.of("ip", "unshare", "mount", "hostname", "sh")) {
            assumeTrue(onPath(tool), "no '" + tool + "' on the PATH");
        }
        removeNamespacesOfDeadRuns();
        tag = PREFIX + ProcessHandle.current().pid() + "-";

        String bridge = tag + "switch";
        addNamespace(bridge);
        setUp("ip", "-n", bridge, "link", "add", "br0", "type", "bridge");
        setUp("ip", "-n", bridge, "link", "set", "br0", "up");
        StringBuilder names = new StringBuilder("127.0.0.1 localhost\n");
        for (int node = 1; node <= NODES; node++) {
            String ns = namespace(node);
            addNamespace(ns);
            setUp("ip", "link", "add", "eth0", "netns", ns, "type", "veth", "peer", "name", port(node), "netns",
                    bridge);
            setUp("ip", "-n", bridge, "link", "set", port(node), "master", "br0");
            setUp("ip", "-n", bridge, "link", "set", port(node), "up");
            setUp("ip", "-n", ns, "addr", "add", address(node) + "/24", "dev", "eth0");
            setUp("ip", "-n", ns, "link", "set", "eth0", "up");
            setUp("ip", "-n", ns, "link", "set", "lo", "up");
            names.append(address(node)).append(' ').append(hostName(node)).append('\n');
        }
        hosts = Files.writeString(dir.resolve("hosts"), names.toString());
        secretFile = Files.writeString(dir.resolve("secret"), JobSecret.randomText());
        Files.setPosixFilePermissions(secretFile, PosixFilePermissions.fromString("rw-------"));

        List<String> probe = new ArrayList<>(onNode(1));
        probe.addAll(List.of(JvmJob.javaExecutable(), "-version"));
        Result r = run(probe);
        assumeTrue(r.ok(), "cannot start a JVM as a node in a namespace (" + String.join(" ", probe) + "): "
                + r.output());
    }

    @AfterAll
    static void removeTheCluster() throws IOException, InterruptedException {
        for (int i = namespaces.size() - 1; i >= 0; i--) {
            run(List.of("ip", "netns", "del", namespaces.get(i)));
        }
        namespaces.clear();
    }

    @ParameterizedTest(name = "started by {0}")
    @ValueSource(strings = {"slurm", "openmpi", "hydra"})
    void ranksOnThreeHostsPassEveryCheck(String engine) {
        String secret = JobSecret.randomText();
        int step = slurmSteps++;
        try (JvmJob job = JvmJob.start(NODES, NetworkNamespaceClusterTest::onNode, ConformanceApp.class.getName(),
                r -> env(engine, r, secret, step), ALLOW, Integer.toString(NODES))) {
            int[] codes = job.await(150);
            String out = job.allOutput();
            assertArrayEquals(new int[NODES], codes, out);
            for (int r = 0; r < NODES; r++) {
                assertTrue(job.output(r).contains("rank " + r + " of " + NODES + " on " + hostName(r + 1)
                        + " passed "), out);
            }
            assertTrue(job.output(1).contains("rank 1 rejected a forbidden class"), out);
        }
    }

    @Test
    void killingTheRankOfOneHostEndsTheOthersNamingIt() throws InterruptedException {
        try (JvmJob job = startFaultJob(List.of())) {
            job.process(1).destroyForcibly();
            assertOthersFailNamingRank1(job, "RankFailedException: rank 1 failed", "without finishing");
        }
    }

    @Test
    void aHostCutOffTheNetworkIsDeclaredFailedByTheHeartbeat() throws IOException, InterruptedException {
        JvmJob job = startFaultJob(List.of("-Djomp.msg.socket.failTimeout=2000"));
        try {
            // The cable pulled at the switch: no reset reaches anyone, the peers just stop hearing from rank 1.
            setUp("ip", "-n", tag + "switch", "link", "set", port(2), "down");
            assertOthersFailNamingRank1(job, "RankFailedException: rank 1 failed", "sent nothing for");
        } finally {
            job.close();
            run(List.of("ip", "-n", tag + "switch", "link", "set", port(2), "up"));
        }
    }

    /** Starts the fault program on the three nodes from Slurm's variables; returns once rank 1 runs allreduces. */
    private static JvmJob startFaultJob(List<String> jvmOptions) throws InterruptedException {
        String secret = JobSecret.randomText();
        int step = slurmSteps++;
        JvmJob job = JvmJob.start(NODES, NetworkNamespaceClusterTest::onNode, FaultApp.class.getName(),
                r -> env("slurm", r, secret, step), jvmOptions);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!job.output(1).contains("ready") && job.process(1).isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        if (!job.output(1).contains("ready")) {
            job.close();
            fail("rank 1 did not start its allreduces\n" + job.allOutput());
        }
        Thread.sleep(200);
        return job;
    }

    /** Ranks 0 and 2 end on their own (not killed at the deadline), with an error naming rank 1 and the cause. */
    private static void assertOthersFailNamingRank1(JvmJob job, String error, String cause)
            throws InterruptedException {
        for (int r : new int[] {0, 2}) {
            assertTrue(job.process(r).waitFor(60, TimeUnit.SECONDS),
                    "rank " + r + " still waits for rank 1 after 60 s\n" + job.allOutput());
        }
        for (int r : new int[] {0, 2}) {
            assertNotEquals(0, job.process(r).exitValue(), job.allOutput());
            assertTrue(job.output(r).contains(error) && job.output(r).contains(cause), job.allOutput());
        }
    }

    /**
     * The variables rank {@code r} gets on node {@code r + 1} from {@code engine}. Slurm's ranks (of step
     * {@code slurmStep} of job 4711) find rank 0 from the node list and read the secret file of the (shared) home,
     * which the bootstrap combines with the job id; the others are told the master address (Open MPI's as an
     * address, Hydra's as a host name) and get {@code secret} itself, as {@code mpirun -x} passes it.
     */
    private static Map<String, String> env(String engine, int r, String secret, int slurmStep) {
        Map<String, String> e = new HashMap<>();
        switch (engine) {
            case "slurm" -> {
                e.put("SLURM_PROCID", Integer.toString(r));
                e.put("SLURM_NTASKS", Integer.toString(NODES));
                e.put("SLURM_LOCALID", "0");
                e.put("SLURM_NODEID", Integer.toString(r));
                e.put("SLURMD_NODENAME", hostName(r + 1));
                e.put("SLURM_JOB_NODELIST", "node[01-03]");
                e.put("SLURM_JOB_ID", "4711");
                e.put("SLURM_STEP_ID", Integer.toString(slurmStep));
                e.put("JOMP_SECRET_FILE", secretFile.toString());
            }
            case "openmpi" -> {
                e.put("OMPI_COMM_WORLD_RANK", Integer.toString(r));
                e.put("OMPI_COMM_WORLD_SIZE", Integer.toString(NODES));
                e.put("OMPI_COMM_WORLD_LOCAL_RANK", "0");
                e.put("OMPI_COMM_WORLD_LOCAL_SIZE", "1");
                e.put("OMPI_MCA_ess_base_jobid", "2871263233");
                e.put("JOMP_MASTER_ADDR", address(1));
                e.put("JOMP_JOB_SECRET", secret);
            }
            case "hydra" -> {
                e.put("PMI_RANK", Integer.toString(r));
                e.put("PMI_SIZE", Integer.toString(NODES));
                e.put("MPI_LOCALRANKID", "0");
                e.put("MPI_LOCALNRANKS", "1");
                e.put("PMI_KVSNAME", "kvs_4242_0");
                e.put("JOMP_MASTER_ADDR", hostName(1));
                e.put("JOMP_JOB_SECRET", secret);
            }
            default -> throw new IllegalArgumentException(engine);
        }
        return e;
    }

    /** The command that runs what follows it as node {@code node}: in its network namespace, with its name. */
    private static List<String> onNode(int rank) {
        int node = rank + 1;
        return List.of("ip", "netns", "exec", namespace(node), "unshare", "--uts", "--mount", "sh", "-c",
                BECOME_NODE, "sh", hosts.toString(), hostName(node));
    }

    private static String namespace(int node) {
        return tag + hostName(node);
    }

    private static String hostName(int node) {
        return String.format("node%02d", node);
    }

    private static String address(int node) {
        return "10.213.0." + node;
    }

    /** The bridge's port for node {@code node}. */
    private static String port(int node) {
        return "p" + node;
    }

    private static void addNamespace(String name) throws IOException, InterruptedException {
        Result r = run(List.of("ip", "netns", "add", name));
        assumeTrue(r.ok(), "cannot make a network namespace: " + r.output());
        namespaces.add(name);
    }

    /** Runs a step of building the network; if the machine does not allow it, the tests are skipped. */
    private static void setUp(String... command) throws IOException, InterruptedException {
        Result r = run(List.of(command));
        assumeTrue(r.ok(), String.join(" ", command) + " failed: " + r.output());
    }

    /** A run killed before its {@code @AfterAll} leaves its namespaces behind: remove those whose JVM is gone. */
    private static void removeNamespacesOfDeadRuns() throws IOException, InterruptedException {
        for (String line : run(List.of("ip", "netns", "list")).output().split("\n")) {
            String name = line.split(" ")[0];
            if (!name.startsWith(PREFIX)) {
                continue;
            }
            String pid = name.substring(PREFIX.length(), name.indexOf('-', PREFIX.length()));
            if (ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
                run(List.of("ip", "netns", "del", name));
            }
        }
    }

    private record Result(boolean ok, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        boolean ended = p.waitFor(30, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly();
        }
        return new Result(ended && p.exitValue() == 0, new String(out, StandardCharsets.UTF_8).trim());
    }

    private static boolean onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String d : path.split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }
}
