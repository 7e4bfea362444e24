package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

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

    private static String report(MsgBenchOptions options, Samples samples, MpiPeers peers) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new MsgReport(options, samples, peers, new PrintStream(bytes, true, StandardCharsets.UTF_8)).print();
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
