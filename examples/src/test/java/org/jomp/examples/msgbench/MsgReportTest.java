package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * The targets section judges each socket bandwidth against Open MPI's at the same size where it was measured, and
 * collectives on direct buffers apart from those on arrays.
 */
class MsgReportTest {
    @Test
    void socketBandwidthIsJudgedAgainstOpenMpiAtTheSameSizeElseAtOneMegabyte() {
        MsgBenchOptions options = MsgBenchOptions.parse(new String[] {"--transports", "sockets", "--ranks", "2",
            "--sizes", "1048576,4194304,8388608"}, Path.of("run.sh"));
        Samples s = new Samples();
        // byte[]: 4.0 GB/s at every size; direct buffers: 5.0 GB/s.
        for (int bytes : new int[] {1 << 20, 4 << 20, 8 << 20}) {
            s.add(Samples.key("sockets", "pingpong", "byte", bytes, 2), bytes / 4e3);
            s.add(Samples.key("sockets", "pingpong", "direct", bytes, 2), bytes / 5e3);
        }
        // Open MPI: 6.0 GB/s at 1 MB, 3.0 at 8 MB, nothing at 4 MB.
        MpiPeers peers = MpiPeers.parse("== Open MPI, TCP (--mca btl tcp,self), 2 ranks\n"
                + "pingpong        1048576 B  median " + (1048576 / 6e3) + " us  min 1.0 us\n"
                + "pingpong        8388608 B  median " + (8388608 / 3e3) + " us  min 1.0 us\n", "test");
        String out = report(options, s, peers);
        assertTrue(out.matches("(?s).*sockets 1 MB bandwidth, direct buffer +5\\.00 GB/s target >= 6\\.00 GB/s"
                + " +NOT met.*"), out);
        assertTrue(out.matches("(?s).*sockets 4 MB bandwidth, direct buffer +5\\.00 GB/s target >= 6\\.00 GB/s"
                + " +NOT met.*"), out);
        assertTrue(out.matches("(?s).*sockets 8 MB bandwidth, byte\\[] +4\\.00 GB/s target >= 3\\.00 GB/s +met.*"),
                out);
        assertTrue(out.matches("(?s).*sockets 8 MB bandwidth, direct buffer +5\\.00 GB/s target >= 3\\.00 GB/s"
                + " +met.*"), out);
    }

    @Test
    void directBufferCollectivesAreJudgedApartFromTheArrayOnes() {
        // Points without samples (the other collective sizes) are left out of the counts.
        MsgBenchOptions options = MsgBenchOptions.parse(new String[] {"--transports", "sockets", "--ranks", "4"},
                Path.of("run.sh"));
        Samples s = new Samples();
        s.add(Samples.key("sockets", "barrier", "-", 0, 4), 50);
        for (String op : MsgReport.COLLECTIVES) {
            if (!op.equals("barrier")) {
                s.add(Samples.key("sockets", op, "double", 65536, 4), 300);
            }
        }
        s.add(Samples.key("sockets", "bcast", "direct", 65536, 4), 150);
        s.add(Samples.key("sockets", "allgather", "direct", 65536, 4), 250);
        MpiPeers peers = MpiPeers.parse("""
                == Open MPI collectives, TCP (--mca btl tcp,self), 4 ranks
                coll op=barrier bytes=0 ranks=4 median 60.0 us min 50.0 us
                coll op=bcast bytes=65536 ranks=4 median 200.0 us min 150.0 us
                coll op=allreduce bytes=65536 ranks=4 median 400.0 us min 350.0 us
                coll op=allgather bytes=65536 ranks=4 median 200.0 us min 150.0 us
                """, "test");
        String out = report(options, s, peers);
        assertTrue(out.matches("(?s).*\nsockets collectives +2 of 4 at or below Open MPI; above: bcast 65536 B x4"
                + " \\(1\\.50x\\), allgather 65536 B x4 \\(1\\.50x\\)\n.*"), out);
        assertTrue(out.matches("(?s).*\nsockets collectives, direct buffers +1 of 2 at or below Open MPI; above:"
                + " allgather 65536 B x4 \\(1\\.25x\\)\n.*"), out);
        assertTrue(out.matches("(?s).*\nbcast +65536 +4 +- +300\\.0 +150\\.0 +- \\| .*"), out);
    }

    @Test
    void collectivesOfJobsThatFitTheCoresAreJudgedAgainOverTheSamplesWithTheCore() {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "a 2-rank job outnumbers one core");
        MsgBenchOptions options = MsgBenchOptions.parse(new String[] {"--transports", "sockets", "--ranks", "2"},
                Path.of("run.sh"));
        Samples s = new Samples();
        String allreduce = Samples.key("sockets", "allreduce", "double", 1 << 20, 2);
        double[][] all = {{210, 1}, {215, 2}, {220, 0}, {600, 40}, {650, 50}, {700, 60}, {680, 55}};
        for (double[] v : all) {
            s.add(allreduce, v[0]);
            s.addQueued(allreduce, v[0], v[1]);
        }
        // Only two samples with the core: too few to judge the point by.
        String bcast = Samples.key("sockets", "bcast", "double", 1 << 20, 2);
        for (double[] v : new double[][] {{60, 0}, {65, 1}, {200, 30}}) {
            s.add(bcast, v[0]);
            s.addQueued(bcast, v[0], v[1]);
        }
        MpiPeers peers = MpiPeers.parse("""
                == Open MPI collectives, TCP (--mca btl tcp,self), 2 ranks
                coll op=bcast bytes=1048576 ranks=2 median 100.0 us min 90.0 us
                coll op=allreduce bytes=1048576 ranks=2 median 300.0 us min 280.0 us
                """, "test");
        String out = report(options, s, peers);
        // All samples: 600 against 300; with the core: 215 (3 of 7).
        assertTrue(out.matches("(?s).*\nsockets collectives +1 of 2 at or below Open MPI; above: allreduce 1048576 B"
                + " x2 \\(2\\.00x\\)\n.*"), out);
        assertTrue(out.matches("(?s).*\nsockets collectives, with the core +1 of 1 at or below Open MPI\n.*"), out);
        assertTrue(out.matches("(?s).*\nallreduce +1048576 +2 +- +215\\.0 \\(3/7\\) +- \\| .*"), out);
        assertTrue(out.matches("(?s).*\nbcast +1048576 +2 +- +62\\.5 \\(2/3\\) +- \\| .*"), out);
    }

    @Test
    void smallSharedMemoryPointsAreJudgedWithinEachPlacementOfTheCores() {
        MsgBenchOptions options = MsgBenchOptions.parse(new String[] {"--transports", "shm", "--ranks", "2"},
                Path.of("run.sh"));
        Samples s = new Samples();
        String bcast = Samples.key("shm", "bcast", "double", 8, 2);
        s.add(bcast, 0.06, 60, 70);
        s.add(bcast, 0.08, 40, 50);
        s.add(bcast, 0.10, 65, 65);
        s.add(bcast, 0.30, 250, 260);
        s.add(bcast, 7.00, 60, 260);
        s.add(Samples.key("shm", "pingpong", "byte", 1, 2), 0.12, 60, 60);
        MpiPeers peers = MpiPeers.parse("""
                == Open MPI collectives, shared memory (default transport), 2 ranks
                sample op=bcast bytes=8 ranks=2 us=0.0900 line=50,60
                sample op=bcast bytes=8 ranks=2 us=0.2000 line=240,230
                sample op=bcast bytes=8 ranks=2 us=0.2200 line=240,250
                sample op=pingpong bytes=1 ranks=2 us=0.2000 line=220,230
                coll op=bcast bytes=8 ranks=2 median 0.200 us min 0.090 us
                """, "test");
        String out = report(options, s, peers);
        assertTrue(out.matches("(?s).*\nbcast +8 \\| +0\\.080 \\(3\\) +0\\.090 \\(1\\) \\| +0\\.300 \\(1\\)"
                + " +0\\.210 \\(2\\)\n.*"), out);
        assertTrue(out.matches("(?s).*\npingpong +1 \\| +0\\.120 \\(1\\) +- \\| +- +0\\.200 \\(1\\)\n.*"), out);
        assertTrue(out.matches("(?s).*\nshm bcast \\(8 B, 2 ranks\\), cores near +0\\.080 us +target <= 0\\.090 us"
                + " \\(Open MPI now\\) +met\n.*"), out);
        assertTrue(out.matches("(?s).*\nshm bcast \\(8 B, 2 ranks\\), cores far +0\\.300 us +target <= 0\\.210 us"
                + " \\(Open MPI now\\) +NOT met\n.*"), out);
        // A placement measured on one side only is not judged.
        assertFalse(out.contains("shm 1 B latency, cores"), out);
    }

    @Test
    void largeSocketPingPongsAreJudgedWithinEachSpeedOfTheHostsCopies() {
        MsgBenchOptions options = MsgBenchOptions.parse(new String[] {"--transports", "sockets", "--ranks", "2",
            "--sizes", "1,4194304"}, Path.of("run.sh"));
        Samples s = new Samples();
        String bytes = Samples.key("sockets", "pingpong", "byte", 4 << 20, 2);
        s.addCopied(bytes, 400, 100, 110);
        s.addCopied(bytes, 380, 90, 95);
        s.addCopied(bytes, 1200, 350, 380);
        s.addCopied(bytes, 900, 100, 380);
        s.addCopied(Samples.key("sockets", "pingpong", "direct", 4 << 20, 2), 350, 100, 100);
        MpiPeers peers = MpiPeers.parse("""
                == Open MPI collectives, TCP (--mca btl tcp,self), 2 ranks
                sample op=pingpong bytes=4194304 ranks=2 us=900.0000 copy=100,100
                sample op=pingpong bytes=4194304 ranks=2 us=1000.0000 copy=120,110
                sample op=pingpong bytes=4194304 ranks=2 us=1000.0000 copy=300,310
                coll op=pingpong bytes=4194304 ranks=2 median 1000.000 us min 900.0 us
                """, "test");
        String out = report(options, s, peers);
        assertTrue(out.matches("(?s).*\npingpong +byte +4194304 \\| +390\\.0 \\(2\\) +950\\.0 \\(2\\) \\| +1200 \\(1\\)"
                + " +1000 \\(1\\)\n.*"), out);
        // 4 MiB in 390 us against 950: met; in 1,200 against 1,000: not; the overall median (900 against 1,000) met.
        assertTrue(out.matches("(?s).*\nsockets 4 MB bandwidth, byte\\[], copies fast +10\\.75 GB/s target >="
                + " 4\\.42 GB/s +met\n.*"), out);
        assertTrue(out.matches("(?s).*\nsockets 4 MB bandwidth, byte\\[], copies slow +3\\.50 GB/s target >="
                + " 4\\.19 GB/s +NOT met\n.*"), out);
        assertTrue(out.matches("(?s).*\nsockets 4 MB bandwidth, direct buffer, copies fast +11\\.98 GB/s.*"), out);
        // A speed measured on one side only is not judged.
        assertFalse(out.contains("direct buffer, copies slow"), out);
    }

    @Test
    void largeSocketCollectivesAtTwoRanksAreJudgedWithinEachSpeedOfTheHostsCopies() {
        MsgBenchOptions options = MsgBenchOptions.parse(new String[] {"--transports", "sockets", "--ranks", "2",
            "--sizes", "1"}, Path.of("run.sh"));
        Samples s = new Samples();
        String bcast = Samples.key("sockets", "bcast", "double", 1 << 20, 2);
        s.addCopied(bcast, 64, 90, 95);
        s.addCopied(bcast, 70, 100, 120);
        s.addCopied(bcast, 600, 400, 420);
        s.addCopied(bcast, 500, 100, 420);
        s.addCopied(Samples.key("sockets", "bcast", "direct", 1 << 20, 2), 40, 90, 90);
        s.addCopied(Samples.key("sockets", "allreduce", "double", 1 << 20, 2), 200, 90, 90);
        s.add(Samples.key("sockets", "bcast", "double", 8, 2), 5);
        MpiPeers peers = MpiPeers.parse("""
                == Open MPI collectives, TCP (--mca btl tcp,self), 2 ranks
                sample op=bcast bytes=1048576 ranks=2 us=80.0000 copy=100,100
                sample op=bcast bytes=1048576 ranks=2 us=550.0000 copy=300,310
                coll op=bcast bytes=1048576 ranks=2 median 300.000 us min 80.0 us
                sample op=allreduce bytes=1048576 ranks=2 us=150.0000 copy=100,100
                coll op=allreduce bytes=1048576 ranks=2 median 150.000 us min 150.0 us
                """, "test");
        String out = report(options, s, peers);
        assertTrue(out.matches("(?s).*\nbcast +double +1048576 \\| +67\\.0 \\(2\\) +80\\.0 \\(1\\) \\| +600\\.0 \\(1\\)"
                + " +550\\.0 \\(1\\)\n.*"), out);
        // 67 us against 80 with fast copies: met; 600 against 550 with slow ones: not; allreduce 200 against 150: not.
        assertTrue(out.matches("(?s).*\nsockets bcast 1 MB x2, copies fast +67\\.0+ us +target <= 80\\.0+ us"
                + " \\(Open MPI now\\) +met\n.*"), out);
        assertTrue(out.matches("(?s).*\nsockets bcast 1 MB x2, copies slow +600\\.0+ us +target <= 550\\.0+ us"
                + " \\(Open MPI now\\) +NOT met\n.*"), out);
        assertTrue(out.matches("(?s).*\nsockets bcast 1 MB x2, direct, copies fast +40\\.0+ us .* met\n.*"), out);
        assertTrue(out.matches("(?s).*\nsockets allreduce 1 MB x2, copies fast +200\\.0+ us .* NOT met\n.*"), out);
        // A speed measured on one side only, and a size without copy probes, are not judged.
        assertFalse(out.contains("allreduce 1 MB x2, copies slow"), out);
        assertFalse(out.contains("direct, copies slow"), out);
        assertFalse(out.contains("8 B x2, copies"), out);
    }

    @Test
    void withoutLineProbesThereIsNoPlacementTable() {
        MsgBenchOptions options = MsgBenchOptions.parse(new String[] {"--transports", "shm", "--ranks", "2"},
                Path.of("run.sh"));
        Samples s = new Samples();
        s.add(Samples.key("shm", "bcast", "double", 8, 2), 0.1);
        String out = report(options, s, MpiPeers.none());
        assertTrue(out.contains("== collectives"), out);
        assertFalse(out.contains("by where the host put"), out);
        assertFalse(out.contains("by how fast the host copied"), out);
    }

    private static String report(MsgBenchOptions options, Samples samples, MpiPeers peers) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new MsgReport(options, samples, peers, new PrintStream(bytes, true, StandardCharsets.UTF_8)).print();
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
