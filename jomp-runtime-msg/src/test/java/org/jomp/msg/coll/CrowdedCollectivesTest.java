package org.jomp.msg.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.jomp.msg.transport.socket.JvmJob;
import org.junit.jupiter.api.Test;

/**
 * A job told it is crowded picks other algorithms than one that is not, and every rank of it must agree: the
 * collectives of {@link CrowdedCollectivesApp} in a JVM started with {@code -Djomp.msg.crowded=true}, as jomprun
 * starts the JVMs of a job with more ranks than cores.
 */
class CrowdedCollectivesTest {
    @Test
    void aCrowdedJobsCollectivesGiveTheSameAnswers() {
        try (JvmJob job = JvmJob.start(1, CrowdedCollectivesApp.class.getName(), r -> Map.of(),
                List.of("-Djomp.msg.crowded=true"), "1,2,3,4,5,8")) {
            int[] codes = job.await(120);
            String out = job.allOutput();
            assertArrayEquals(new int[1], codes, out);
            assertTrue(out.contains("crowded=true"), out);
            for (int np : new int[] {1, 2, 3, 4, 5, 8}) {
                assertTrue(out.contains("np=" + np + " ok"), out);
            }
        }
    }
}
