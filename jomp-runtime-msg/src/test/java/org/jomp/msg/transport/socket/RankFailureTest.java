package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A rank killed with SIGKILL (its peers connected over Unix sockets, and over TCP), ended with SIGTERM, or stopped
 * with SIGSTOP, in the middle of collectives: every other rank ends with an error naming it.
 */
class RankFailureTest {
    private static final int VICTIM = 1;

    /** Starts 3 ranks of {@link FaultApp}, waits until the victim runs its collectives, and returns the job. */
    private static JvmJob startAndWaitForVictim(List<String> jvmOptions) throws InterruptedException {
        int port = JvmJob.freePort();
        String secret = JobSecret.randomText();
        JvmJob job = JvmJob.start(3, FaultApp.class.getName(), r -> JvmJob.jompEnv(r, 3, port, secret), jvmOptions);
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (!job.output(VICTIM).contains("ready") && System.nanoTime() < deadline
                && job.process(VICTIM).isAlive()) {
            Thread.sleep(50);
        }
        assertTrue(job.output(VICTIM).contains("ready"), job.allOutput());
        Thread.sleep(200);
        return job;
    }

    @Test
    void aRankThatHangsIsDeclaredFailedAfterTheTimeout() throws Exception {
        try (JvmJob job = startAndWaitForVictim(List.of("-Djomp.msg.socket.failTimeout=2000"))) {
            Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(job.process(VICTIM).pid())).start();
            assertTrue(stop.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && stop.exitValue() == 0);
            long t0 = System.nanoTime();
            for (int r : new int[] {0, 2}) {
                assertTrue(job.process(r).waitFor(40, java.util.concurrent.TimeUnit.SECONDS),
                        "rank " + r + " still waits for the stopped rank\n" + job.allOutput());
            }
            long millis = (System.nanoTime() - t0) / 1_000_000;
            job.process(VICTIM).destroyForcibly();
            for (int r : new int[] {0, 2}) {
                assertNotEquals(0, job.process(r).exitValue(), job.allOutput());
                assertTrue(job.output(r).contains("RankFailedException: rank 1 failed")
                        && job.output(r).contains("sent nothing for"), job.allOutput());
            }
            assertTrue(millis >= 1000, "declared failed after " + millis + " ms, before the 2000 ms timeout");
        }
    }

    /**
     * A rank whose main returned has sent all it will and receives nothing more: a receive from it, and a large
     * send to it, fail instead of waiting for ever.
     */
    @Test
    void aReceiveFromARankThatHasEndedFailsNamingIt() throws InterruptedException {
        int port = JvmJob.freePort();
        String secret = JobSecret.randomText();
        try (JvmJob job = JvmJob.start(3, EndedRankApp.class.getName(), r -> JvmJob.jompEnv(r, 3, port, secret),
                List.of(), "1")) {
            int[] codes = job.await(60);
            String out = job.allOutput();
            assertEquals(List.of(0, 0, 0), List.of(codes[0], codes[1], codes[2]), out);
            assertTrue(job.output(0).contains("rank 0 saw: recv on rank 0: rank 1 ended without sending a message"
                    + " with tag 5 to match this receive"), out);
            assertTrue(job.output(0).contains("rank 0 saw on sending: send on rank 0 to rank 1: rank 1 has ended"
                    + " without receiving this message"), out);
        }
    }

    /**
     * Allreduces of 8,000 bytes (eager), 1 MiB (pushed) and 4 MiB (announced, then sent in fragments); on Java 22 and
     * later the large ones go to and from the arrays in place, so the kill comes while a rank sends or receives from
     * its array.
     */
    @ParameterizedTest(name = "Unix sockets {0}, {1} doubles")
    @CsvSource({"true, 1000", "false, 1000", "true, 131072", "true, 524288"})
    void killingARankInACollectiveEndsEveryOtherRankNamingIt(boolean unix, int elements) throws InterruptedException {
        try (JvmJob job = startAndWaitForVictim(List.of("-Djomp.msg.socket.unix=" + unix,
                "-Dfault.elements=" + elements))) {
            long killed = System.nanoTime();
            job.process(VICTIM).destroyForcibly();
            int[] codes = job.await(30);
            long seconds = (System.nanoTime() - killed) / 1_000_000_000L;
            String out = job.allOutput();
            for (int r : new int[] {0, 2}) {
                assertNotEquals(0, codes[r], out);
                assertNotEquals(-1, codes[r], "rank " + r + " had to be killed: it hung\n" + out);
                assertTrue(job.output(r).contains("RankFailedException: rank 1 failed"), out);
                assertTrue(job.output(r).contains("without finishing"), out);
            }
            assertTrue(seconds < 30, "ranks took " + seconds + " s to notice");
        }
    }

    @Test
    void aRankEndedBySigtermTellsEveryOtherRankSo() throws InterruptedException {
        try (JvmJob job = startAndWaitForVictim(List.of("-Dfault.elements=1000"))) {
            job.process(VICTIM).destroy();
            int[] codes = job.await(30);
            String out = job.allOutput();
            assertEquals(143, codes[VICTIM], out);
            for (int r : new int[] {0, 2}) {
                assertNotEquals(0, codes[r], out);
                assertNotEquals(-1, codes[r], "rank " + r + " had to be killed: it hung\n" + out);
                assertTrue(job.output(r).contains("RankFailedException: rank 1 failed: org.jomp.msg.CommException:"
                        + " rank 1 exited (signal SIGTERM) while other ranks were still running"), out);
            }
        }
    }
}
