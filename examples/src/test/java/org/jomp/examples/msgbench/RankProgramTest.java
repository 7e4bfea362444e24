package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The benchmark program on 2, 3 and 4 thread ranks with tiny budgets: every point yields its samples (the program
 * checks each transfer's data itself and throws on a wrong element, which would fail the job).
 */
class RankProgramTest {
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4})
    void everyPointYieldsItsSamples(int np) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream old = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            EmbeddedLauncher.runMain(np, RankProgram.class.getName(), new String[] {"--sizes", "1,8,3000",
                    "--coll-sizes", "8,4096", "--samples", "2", "--sample-ms", "1", "--warm-up-ms", "20",
                    "--peer", Integer.toString(np - 1)},
                    RankProgram.class.getClassLoader());
        } finally {
            System.setOut(old);
        }
        Samples s = new Samples();
        String text = captured.toString(StandardCharsets.UTF_8);
        // ping-pong: 3 byte sizes + 2 double sizes + 3 direct buffer sizes; collectives: barrier + 3 ops x 2 sizes
        // on double[] + 2 ops x 2 sizes on direct buffers; 2 samples each
        assertEquals(2 * (3 + 2 + 3 + 1 + 3 * 2 + 2 * 2), s.addOutput("shm", text), text);
        for (int bytes : new int[] {1, 8, 3000}) {
            assertEquals(2, s.count(Samples.key("shm", "pingpong", "byte", bytes, np)), text);
        }
        assertEquals(2, s.count(Samples.key("shm", "pingpong", "double", 3000, np)), text);
        assertEquals(2, s.count(Samples.key("shm", "pingpong", "direct", 3000, np)), text);
        for (String op : new String[] {"bcast", "allreduce", "allgather"}) {
            assertEquals(2, s.count(Samples.key("shm", op, "double", 4096, np)), text);
        }
        for (String op : new String[] {"bcast", "allgather"}) {
            assertEquals(2, s.count(Samples.key("shm", op, "direct", 4096, np)), text);
        }
        assertTrue(s.median(Samples.key("shm", "barrier", "-", 0, np)).getAsDouble() > 0, text);
    }
}
