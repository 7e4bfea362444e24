package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.msg.launch.JobFailedException;
import org.junit.jupiter.api.Test;
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

    @Test
    void whereLinuxSaysHowLongAThreadWaitedForACoreEachCollectiveSampleSaysIt() {
        assumeTrue(CoreWait.nanos() >= 0, "no /proc/thread-self/schedstat here");
        String text = run(2, "--sizes", "1", "--coll-sizes", "8", "--samples", "2", "--sample-ms", "1",
                "--warm-up-ms", "20");
        Samples s = new Samples();
        s.addOutput("shm", text);
        for (String op : new String[] {"bcast", "allreduce", "allgather"}) {
            assertEquals(2, s.queuedCount(Samples.key("shm", op, "double", 8, 2)), op + "\n" + text);
        }
        assertEquals(2, s.queuedCount(Samples.key("shm", "barrier", "-", 0, 2)), text);
        assertEquals(0, s.queuedCount(Samples.key("shm", "pingpong", "byte", 1, 2)), text);
        assertTrue(text.matches("(?s).*MSGBENCH allreduce double 8 2 [0-9.]+ queued=[0-9]+\n.*"), text);
    }

    @Test
    void withLineProbeTheSmallPointsSamplesAreBracketedAndTheLargeOnesAreNot() {
        String text = run(2, "--sizes", "1,3000", "--coll-sizes", "8,4096", "--samples", "2", "--sample-ms", "1",
                "--warm-up-ms", "20", "--line-probe");
        Samples s = new Samples();
        s.addOutput("shm", text);
        for (String key : new String[] {Samples.key("shm", "pingpong", "byte", 1, 2),
            Samples.key("shm", "barrier", "-", 0, 2), Samples.key("shm", "bcast", "double", 8, 2),
            Samples.key("shm", "allreduce", "double", 8, 2), Samples.key("shm", "allgather", "double", 8, 2)}) {
            assertEquals(2, s.probedCount(key), key + "\n" + text);
        }
        for (String key : new String[] {Samples.key("shm", "pingpong", "byte", 3000, 2),
            Samples.key("shm", "pingpong", "direct", 1, 2), Samples.key("shm", "bcast", "direct", 8, 2),
            Samples.key("shm", "bcast", "double", 4096, 2)}) {
            assertEquals(0, s.probedCount(key), key + "\n" + text);
            assertEquals(2, s.count(key), key + "\n" + text);
        }
        assertTrue(text.matches("(?s).*MSGBENCH bcast double 8 2 [0-9.]+ line=[1-9][0-9]*,[1-9][0-9]*"
                + "( queued=[0-9]+)?\n.*"), text);
    }

    @Test
    void withCopyProbeThePointsOfAMebibyteOrMoreAreBracketedAndTheOthersAreNot() {
        String text = run(2, "--sizes", "3000,1048576", "--coll-sizes", "8,1048576", "--samples", "2",
                "--sample-ms", "1", "--warm-up-ms", "20", "--copy-probe");
        Samples s = new Samples();
        s.addOutput("sockets", text);
        for (String type : new String[] {"byte", "double", "direct"}) {
            String key = Samples.key("sockets", "pingpong", type, 1 << 20, 2);
            assertEquals(2, s.copiedCount(key), key + "\n" + text);
            assertEquals(0, s.copiedCount(Samples.key("sockets", "pingpong", type, 3000, 2)), text);
        }
        for (String[] point : new String[][] {{"bcast", "double"}, {"allreduce", "double"}, {"allgather", "double"},
            {"bcast", "direct"}, {"allgather", "direct"}}) {
            String key = Samples.key("sockets", point[0], point[1], 1 << 20, 2);
            assertEquals(2, s.copiedCount(key), key + "\n" + text);
            assertEquals(0, s.copiedCount(Samples.key("sockets", point[0], point[1], 8, 2)), text);
            assertEquals(2, s.count(Samples.key("sockets", point[0], point[1], 8, 2)), text);
        }
        assertEquals(0, s.copiedCount(Samples.key("sockets", "barrier", "-", 0, 2)), text);
        assertTrue(text.matches("(?s).*MSGBENCH pingpong byte 1048576 2 [0-9.]+ copy=[1-9][0-9]*,[1-9][0-9]*\n.*"),
                text);
        assertTrue(text.matches("(?s).*MSGBENCH allreduce double 1048576 2 [0-9.]+ copy=[1-9][0-9]*,[1-9][0-9]*"
                + "( queued=[0-9]+)?\n.*"), text);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--line-probe", "--copy-probe"})
    void eachProbeNeedsTwoRanks(String probe) {
        JobFailedException e = assertThrows(JobFailedException.class, () -> run(3, "--sizes", "1",
                "--coll-sizes", "8", "--samples", "1", "--sample-ms", "1", "--warm-up-ms", "1", probe));
        assertTrue(String.valueOf(e.getCause()).contains(probe + " needs 2 ranks, not 3"), e.toString());
    }

    private static String run(int np, String... args) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream old = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            EmbeddedLauncher.runMain(np, RankProgram.class.getName(), args, RankProgram.class.getClassLoader());
        } finally {
            System.setOut(old);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
