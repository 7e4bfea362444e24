package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class SamplesTest {
    @Test
    void theMedianIsTheMiddleOfTheSortedSamples() {
        Random random = new Random(4);
        for (int n = 1; n <= 9; n++) {
            List<Double> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(random.nextDouble());
            }
            List<Double> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            double expected = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
            assertEquals(expected, Samples.median(values), 0);
        }
    }

    @Test
    void jobOutputIsReadBehindJomprunPrefixesAndOtherLinesAreSkipped() {
        Samples s = new Samples();
        int found = s.addOutput("hybrid", "[0-1] MSGBENCH pingpong byte 1024 4 3.5000\n[2-3] noise\n"
                + "[0-1] MSGBENCH pingpong byte 1024 4 1.5000\nMSGBENCH barrier - 0 4 2.0\n");
        assertEquals(3, found);
        assertEquals(2.5, s.median(Samples.key("hybrid", "pingpong", "byte", 1024, 4)).getAsDouble(), 0);
        assertEquals(1, s.count(Samples.key("hybrid", "barrier", "-", 0, 4)));
    }

    @Test
    void samplesBracketedByLineProbesAreSplitByPlacementAndCountedInTheMedian() {
        Samples s = new Samples();
        String key = Samples.key("shm", "bcast", "double", 8, 2);
        int found = s.addOutput("shm", "MSGBENCH bcast double 8 2 0.0600 line=61,70\n"
                + "MSGBENCH bcast double 8 2 0.0800 line=149,20\n"
                + "MSGBENCH bcast double 8 2 0.2500 line=150,290\n"
                + "MSGBENCH bcast double 8 2 5.0000 line=70,260\n"
                + "MSGBENCH bcast double 8 2 0.1000\n");
        assertEquals(5, found);
        assertEquals(List.of(0.06, 0.08), s.placed(key, true));
        assertEquals(List.of(0.25), s.placed(key, false));
        assertEquals(4, s.probedCount(key));
        assertEquals(5, s.count(key));
        assertEquals(0.1, s.median(key).getAsDouble(), 0);
        assertTrue(s.placed(Samples.key("shm", "bcast", "double", 8, 4), true).isEmpty());
    }

    @Test
    void samplesBracketedByCopyProbesAreSplitBySpeedApartFromLineProbedOnes() {
        Samples s = new Samples();
        String key = Samples.key("sockets", "pingpong", "byte", 4 << 20, 2);
        int found = s.addOutput("sockets", "[0] MSGBENCH pingpong byte 4194304 2 350.0000 copy=104,99\n"
                + "[0] MSGBENCH pingpong byte 4194304 2 1100.0000 copy=200,380\n"
                + "[0] MSGBENCH pingpong byte 4194304 2 700.0000 copy=120,300\n"
                + "[0] MSGBENCH pingpong byte 4194304 2 330.0000 copy=199,150\n");
        assertEquals(4, found);
        assertEquals(List.of(350.0, 330.0), s.bySpeed(key, true));
        assertEquals(List.of(1100.0), s.bySpeed(key, false));
        assertEquals(4, s.copiedCount(key));
        assertEquals(0, s.probedCount(key));
        assertTrue(s.placed(key, true).isEmpty());
        assertEquals(4, s.count(key));
        assertEquals(525.0, s.median(key).getAsDouble(), 0);
    }
    @Test
    void collectiveSamplesSayHowLongTheirRanksWaitedForACore() {
        Samples s = new Samples();
        String key = Samples.key("sockets", "allreduce", "double", 1 << 20, 2);
        int found = s.addOutput("sockets", "[0] MSGBENCH allreduce double 1048576 2 210.0000 queued=0\n"
                + "[0] MSGBENCH allreduce double 1048576 2 215.0000 queued=4\n"
                + "[0] MSGBENCH allreduce double 1048576 2 290.0000 queued=5\n"
                + "[0] MSGBENCH allreduce double 1048576 2 600.0000 queued=48\n"
                + "[0] MSGBENCH allreduce double 1048576 2 230.0000\n");
        assertEquals(5, found);
        assertEquals(List.of(210.0, 215.0), s.withCore(key));
        assertEquals(4, s.queuedCount(key));
        assertEquals(5, s.count(key));
        assertEquals(230.0, s.median(key).getAsDouble(), 0);
        // A line probe and the wait on one line: both are read.
        String small = Samples.key("shm", "bcast", "double", 8, 2);
        assertEquals(1, s.addOutput("shm", "[0] MSGBENCH bcast double 8 2 0.0800 line=60,70 queued=2"));
        assertEquals(List.of(0.08), s.placed(small, true));
        assertEquals(List.of(0.08), s.withCore(small));
    }
}
