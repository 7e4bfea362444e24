package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A rank killed with SIGKILL in the middle of collectives: every other rank ends with an error naming it. */
class RankFailureTest {

    @Test
    void killingARankInACollectiveEndsEveryOtherRankNamingIt() throws InterruptedException {
        int n = 3;
        int victim = 1;
        int port = JvmJob.freePort();
        String secret = JobSecret.randomText();
        try (JvmJob job = JvmJob.start(n, FaultApp.class.getName(), r -> JvmJob.jompEnv(r, n, port, secret),
                List.of())) {
            long deadline = System.nanoTime() + 90_000_000_000L;
            while (!job.output(victim).contains("ready") && System.nanoTime() < deadline
                    && job.process(victim).isAlive()) {
                Thread.sleep(50);
            }
            assertTrue(job.output(victim).contains("ready"), job.allOutput());
            Thread.sleep(200);
            long killed = System.nanoTime();
            job.process(victim).destroyForcibly();
            int[] codes = job.await(30);
            long seconds = (System.nanoTime() - killed) / 1_000_000_000L;
            String out = job.allOutput();
            for (int r = 0; r < n; r++) {
                if (r == victim) {
                    continue;
                }
                assertNotEquals(0, codes[r], out);
                assertNotEquals(-1, codes[r], "rank " + r + " had to be killed: it hung\n" + out);
                assertTrue(job.output(r).contains("rank 1 failed"), out);
                assertTrue(job.output(r).contains("RankFailedException"), out);
            }
            assertTrue(seconds < 30, "ranks took " + seconds + " s to notice");
        }
    }
}
