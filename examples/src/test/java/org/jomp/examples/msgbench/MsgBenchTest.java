package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class MsgBenchTest {
    @Test
    void jobsOverSeveralJvmsWithMoreRanksThanCoresRunWithC1AloneAndNeverOverTheUsersChoice() {
        assertTrue(MsgBench.c1Alone(List.of(), "sockets", 4, 2));
        assertFalse(MsgBench.c1Alone(List.of(), "sockets", 2, 2), "two JVMs fit on two cores");
        assertTrue(MsgBench.c1Alone(List.of(), "hybrid", 8, 2), "8 rank threads in 2 JVMs on 2 cores");
        assertFalse(MsgBench.c1Alone(List.of(), "hybrid", 4, 4), "4 rank threads fit on 4 cores");
        assertFalse(MsgBench.c1Alone(List.of(), "shm", 8, 2), "thread ranks are one JVM");
        assertFalse(MsgBench.c1Alone(List.of("-J-XX:TieredStopAtLevel=4"), "sockets", 8, 2));
        assertFalse(MsgBench.c1Alone(List.of("-J-XX:-TieredCompilation"), "sockets", 8, 2));
    }
}
