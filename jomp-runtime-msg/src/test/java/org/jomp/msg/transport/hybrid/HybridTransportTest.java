package org.jomp.msg.transport.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jomp.msg.launch.Jomprun;
import org.jomp.msg.transport.socket.ConformanceApp;
import org.jomp.msg.transport.socket.EndedRankApp;
import org.jomp.msg.transport.socket.JobSecret;
import org.jomp.msg.transport.socket.JvmJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Hybrid jobs on real JVMs: ranks as threads within each JVM, sockets between the JVMs. The socket conformance
 * program runs unchanged (every result checked against an independent computation on every rank), started by
 * jomprun and by a Slurm-style bootstrap; a JVM killed with SIGKILL ends every other rank with an error naming a
 * rank it held.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HybridTransportTest {
    private static final String ALLOW = "-J-Djomp.msg.serialAllow=" + ConformanceApp.class.getName() + "$Point";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int jomprun(String... argv) {
        List<String> all = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"),
                "-J-XX:TieredStopAtLevel=1", "-J-Xss512k"));
        all.addAll(List.of(argv));
        return Jomprun.run(all.toArray(String[]::new), new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of());
    }

    private String all() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0} ranks, {1} per JVM")
    @CsvSource({"4, 2", "6, 2", "3, 2"})
    void theConformanceProgramPassesOnEveryRank(int n, int perJvm) {
        int code = jomprun("-np", Integer.toString(n), "--transport", "hybrid", "--ranks-per-jvm",
                Integer.toString(perJvm), ALLOW, ConformanceApp.class.getName(), Integer.toString(n));
        String text = all();
        assertEquals(0, code, text);
        for (int r = 0; r < n; r++) {
            int first = r / perJvm * perJvm;
            String jvm = label(first, Math.min(n, first + perJvm) - 1);
            assertTrue(text.contains(jvm + "rank " + r + " of " + n + " on "), "rank " + r + " in JVM " + jvm
                    + "\n" + text);
        }
        assertTrue(text.contains("rank 1 rejected a forbidden class"), text);
    }

    /**
     * Barriers of ranks spread over 2 or 3 JVMs meet in two levels (each JVM's ranks in shared memory, the JVMs'
     * leaders over sockets): whichever rank comes last, a leader or not, on the world or on a communicator of some
     * ranks, no rank leaves before it has arrived.
     */
    @ParameterizedTest(name = "{0} ranks, {1} per JVM")
    @CsvSource({"4, 2", "5, 2", "6, 3"})
    void barriersOfSeveralJvmsHoldWhicheverRankComesLast(int n, int perJvm) {
        assertEveryRankSays(n, "barriers held", collectivesApp(n, perJvm, "order"));
    }

    /**
     * Bcasts from and reduces to every root, allgathers and allreduces (reductions commutative, and not: those
     * combine in rank order) of 3 and 100,000 doubles run in two levels between JVMs, on the world and on a
     * communicator whose JVMs' ranks interleave (where an allgather or a non-commutative reduction cannot work JVM
     * by JVM).
     */
    @ParameterizedTest(name = "{0} ranks, {1} per JVM")
    @CsvSource({"4, 2", "5, 2", "6, 3"})
    void collectivesOfSeveralJvmsGiveEveryRankTheResult(int n, int perJvm) {
        assertEveryRankSays(n, "values agree", collectivesApp(n, perJvm, "values"));
    }

    /**
     * A rank that calls another collective where the others of its JVM wait at the barrier: they name it and the
     * collectives, with ranks of the communicator (not their places in the JVM), and the job ends.
     */
    @ParameterizedTest(name = "{0} ranks, {1} per JVM, rank {2} in allreduce")
    @CsvSource({"4, 2, 3", "6, 3, 4", "6, 3, 1"})
    void aRankInAnotherCollectiveThanItsJvmsBarrierIsNamed(int n, int perJvm, int odd) {
        int code = collectivesApp(n, perJvm, "mismatch", Integer.toString(odd));
        String text = all();
        assertNotEquals(0, code, text);
        int first = odd / perJvm * perJvm;
        assertTrue(Pattern.compile("barrier on rank [" + first + "-" + (first + perJvm - 1) + "]: rank " + odd
                + " is in its collective #2, allreduce, while this rank is in its collective #2, barrier")
                .matcher(text).find(), text);
    }

    /**
     * An allreduce whose ranks give different counts: the rank that finds out in its JVM's shared memory, where the
     * allreduce runs as a reduce and a bcast, names the allreduce the user called.
     */
    @Test
    void aCountMismatchInTwoLevelsNamesTheUsersCall() {
        int code = collectivesApp(4, 2, "counts", "1");
        String text = all();
        assertNotEquals(0, code, text);
        assertTrue(Pattern.compile("allreduce on rank [01]: rank [01] (has|contributes) [34] double but this rank"
                + " expects [34]").matcher(text).find(), text);
        assertFalse(text.contains(" reduce on rank"), text);
    }

    /** A receive from a rank of another JVM whose main returned fails naming it, as in a socket job. */
    @Test
    void aReceiveFromARankOfAnotherJvmThatHasEndedFailsNamingIt() {
        int code = jomprun("-np", "4", "--transport", "hybrid", "--ranks-per-jvm", "2",
                EndedRankApp.class.getName(), "3");
        String text = all();
        assertEquals(0, code, text);
        assertTrue(text.contains("rank 0 saw: recv on rank 0: rank 3 ended without sending a message with tag 5 to"
                + " match this receive"), text);
        assertTrue(text.contains("rank 0 saw on sending: send on rank 0 to rank 3: rank 3 has ended without"
                + " receiving this message"), text);
    }

    /** Runs {@link HybridCollectivesApp} on {@code n} ranks, {@code perJvm} to a JVM; returns jomprun's status. */
    private int collectivesApp(int n, int perJvm, String... args) {
        List<String> argv = new ArrayList<>(List.of("-np", Integer.toString(n), "--transport", "hybrid",
                "--ranks-per-jvm", Integer.toString(perJvm), HybridCollectivesApp.class.getName()));
        argv.addAll(List.of(args));
        return jomprun(argv.toArray(String[]::new));
    }

    /** The job ended normally and each of its {@code n} ranks printed {@code line}. */
    private void assertEveryRankSays(int n, String line, int code) {
        String text = all();
        assertEquals(0, code, text);
        assertEquals(n, text.split(line, -1).length - 1, text);
    }

    /** How jomprun prefixes the output of the JVM of ranks first to last. */
    private static String label(int first, int last) {
        return first == last ? "[" + first + "] " : "[" + first + "-" + last + "] ";
    }

    @Test
    void aSlurmJobOfTwoJvmsHoldsTwoRanksEach() {
        int port = JvmJob.freePort();
        String secret = JobSecret.randomText();
        try (JvmJob job = JvmJob.start(2, ConformanceApp.class.getName(), jvm -> slurm(jvm, 2, port, secret),
                List.of(ALLOW.substring(2)), "4")) {
            int[] codes = job.await(120);
            String text = job.allOutput();
            assertEquals(List.of(0, 0), List.of(codes[0], codes[1]), text);
            for (int r = 0; r < 4; r++) {
                assertTrue(job.output(r / 2).contains("rank " + r + " of 4 on "), text);
            }
        }
    }

    @Test
    void theWorldOfAHybridJvmIsRefusedBeforeInitStartsItsRanks() {
        Map<String, String> env = new HashMap<>(JvmJob.jompEnv(0, 2, JvmJob.freePort(), JobSecret.randomText()));
        env.put("JOMP_RANKS_PER_JVM", "2");
        try (JvmJob job = JvmJob.start(1, WorldBeforeInitApp.class.getName(), jvm -> env, List.of())) {
            assertEquals(0, job.await(60)[0], job.allOutput());
            assertTrue(job.output(0).contains("refused: Comm.world(): this JVM holds several ranks of a hybrid job but"
                    + " thread main is not one of them: call Comm.init(args) first in main"), job.allOutput());
        }
    }

    private static Map<String, String> slurm(int jvm, int jvms, int port, String secret) {
        Map<String, String> e = new HashMap<>();
        e.put("SLURM_PROCID", Integer.toString(jvm));
        e.put("SLURM_NTASKS", Integer.toString(jvms));
        e.put("SLURM_LOCALID", Integer.toString(jvm));
        e.put("SLURM_JOB_ID", Integer.toString(port));
        e.put("SLURM_STEP_ID", "0");
        e.put("SLURM_JOB_NODELIST", "localhost");
        e.put("JOMP_MASTER_PORT", Integer.toString(port));
        e.put("JOMP_JOB_SECRET", secret);
        e.put("JOMP_RANKS_PER_JVM", "2");
        return e;
    }

    @ParameterizedTest(name = "{0} ranks, {1} per JVM, JVM of rank {2} killed")
    @CsvSource({"6, 2, 2", "3, 2, 2"})
    void killingAJvmEndsEveryOtherRankNamingARankItHeld(int n, int perJvm, int victim) throws Exception {
        int status = signalAJvm(n, perJvm, victim, true);
        String text = all();
        assertNotEquals(0, status, text);
        int first = victim / perJvm * perJvm;
        int last = Math.min(n, first + perJvm) - 1;
        String dead = first == last ? "rank " + first : "ranks " + first + "-" + last;
        assertTrue(text.contains("jomprun: the JVM of " + dead + " failed"), text);
        for (int jvm = 0; jvm * perJvm < n; jvm++) {
            if (jvm * perJvm == first) {
                continue;
            }
            String label = label(jvm * perJvm, Math.min(n, jvm * perJvm + perJvm) - 1);
            assertTrue(Pattern.compile(Pattern.quote(label) + "jomp: rank \\d+ failed: org.jomp.msg"
                    + ".RankFailedException: rank [" + first + "-" + last + "] failed").matcher(text).find(),
                    "JVM " + label + "names a dead rank\n" + text);
        }
    }

    @Test
    void aJvmEndedBySigtermEndsEveryOtherRankNamingItsFirstRank() throws Exception {
        int status = signalAJvm(4, 2, 3, false);
        String text = all();
        assertEquals(143, status, text);
        String why = "org.jomp.msg.CommException: the JVM of ranks 2-3 was ended (signal SIGTERM) while its ranks"
                + " were still running";
        assertTrue(text.contains("[2-3] " + why), text);
        assertTrue(Pattern.compile(Pattern.quote("[0-1] jomp: rank ") + "[01]" + Pattern.quote(" failed: org.jomp.msg"
                + ".RankFailedException: rank 2 failed: " + why)).matcher(text).find(), text);
    }

    /**
     * Starts {@link HybridFaultApp}, ends the JVM of rank {@code victim} once it runs (SIGKILL, or SIGTERM when
     * {@code forcibly} is false), checks that the job ended within 30 s with nothing left to kill, and returns its
     * status.
     */
    private int signalAJvm(int n, int perJvm, int victim, boolean forcibly) throws Exception {
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> jomprun("-np", Integer.toString(n),
                "--transport", "hybrid", "--ranks-per-jvm", Integer.toString(perJvm),
                HybridFaultApp.class.getName()));
        Pattern ready = Pattern.compile("ready " + victim + " pid (\\d+)");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        Matcher m = ready.matcher("");
        while (System.nanoTime() < deadline && !code.isDone() && !(m = ready.matcher(all())).find()) {
            Thread.sleep(50);
        }
        assertTrue(ready.matcher(all()).find(), "rank " + victim + " never got ready\n" + all());
        long pid = Long.parseLong(m.group(1));
        Thread.sleep(300);
        ProcessHandle jvm = ProcessHandle.of(pid).orElseThrow();
        if (forcibly) {
            jvm.destroyForcibly();
        } else {
            jvm.destroy();
        }
        long signalled = System.nanoTime();
        int status = code.get(120, TimeUnit.SECONDS);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - signalled);
        assertTrue(!all().contains("jomprun: killing"), "a rank hung after the signal and had to be killed\n" + all());
        assertTrue(seconds < 30, "the job took " + seconds + " s to end");
        return status;
    }

    @ParameterizedTest(name = "{0} ranks, {1} per JVM, rank {2} exits")
    @CsvSource({"4, 2, 3", "3, 2, 1"})
    void systemExitInOneRankEndsTheJobNamingThatRank(int n, int perJvm, int exiter) {
        long start = System.nanoTime();
        int status = jomprun("-np", Integer.toString(n), "--transport", "hybrid", "--ranks-per-jvm",
                Integer.toString(perJvm), HybridExitApp.class.getName(), "mid", Integer.toString(exiter));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        String text = all();
        assertEquals(3, status, text);
        assertTrue(!text.contains("jomprun: killing"), "a rank hung after the exit and had to be killed\n" + text);
        int first = exiter / perJvm * perJvm;
        String why = "org.jomp.msg.CommException: rank " + exiter + " exited (System.exit in thread jomp-rank-"
                + exiter + ") while other ranks were still running";
        for (int jvm = 0; jvm * perJvm < n; jvm++) {
            if (jvm * perJvm == first) {
                continue;
            }
            String label = label(jvm * perJvm, Math.min(n, jvm * perJvm + perJvm) - 1);
            assertTrue(Pattern.compile(Pattern.quote(label) + "jomp: rank \\d+ failed: org.jomp.msg"
                    + ".RankFailedException: rank " + exiter + " failed: " + Pattern.quote(why)).matcher(text).find(),
                    "JVM " + label + "names the rank that exited\n" + text);
        }
        assertTrue(text.contains("jomprun: the JVM of ranks " + first + "-" + (first + perJvm - 1)
                + " failed with exit status 3"), text);
        assertTrue(seconds < 30, "the job took " + seconds + " s to end");
    }

    @Test
    void systemExitAfterTheWorkLetsTheJobEndNormally() {
        int n = 4;
        int status = jomprun("-np", Integer.toString(n), "--transport", "hybrid", "--ranks-per-jvm", "2",
                HybridExitApp.class.getName(), "end", "3");
        String text = all();
        assertEquals(0, status, text);
        for (int r = 0; r < n; r++) {
            assertTrue(text.contains(label(r / 2 * 2, r / 2 * 2 + 1) + "rank " + r + " done " + n * n * n), text);
        }
        assertFalse(text.contains("Exception"), text);
    }
}
