package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

/** The plots are drawn from the run's medians: each point is the figure the report prints, as a rate or a ratio. */
class MsgPlotsTest {
    private static final MsgBenchOptions OPTIONS = MsgBenchOptions.parse(new String[] {"--transports",
        "shm,sockets", "--ranks", "2,4", "--sizes", "1,65536,1048576", "--plots", "unused"}, Path.of("run.sh"));

    private static Samples samples() {
        Samples s = new Samples();
        for (int bytes : List.of(1, 65536, 1048576)) {
            // 1 MB in 200 us (byte[]) and 160 us (direct); 64 KB in 20 and 16.
            s.add(Samples.key("sockets", "pingpong", "byte", bytes, 2), bytes / 5242.88);
            s.add(Samples.key("sockets", "pingpong", "direct", bytes, 2), bytes / 6553.6);
            s.add(Samples.key("raw", "nio-poll", "byte", bytes, 2), bytes / 4096.0);
        }
        // Only one size of double[]: too few points for a line.
        s.add(Samples.key("sockets", "pingpong", "double", 1048576, 2), 190);
        s.add(Samples.key("sockets", "bcast", "double", 8, 2), 3);
        s.add(Samples.key("sockets", "bcast", "double", 8, 4), 50);
        s.add(Samples.key("sockets", "bcast", "direct", 8, 2), 4.5);
        s.add(Samples.key("shm", "bcast", "double", 8, 2), 0.2);
        return s;
    }

    private static MpiPeers peers() {
        return MpiPeers.parse("""
                == Open MPI, TCP (--mca btl tcp,self), 2 ranks
                pingpong          65536 B  median     32.768 us  min 30.0 us
                pingpong        1048576 B  median    262.144 us  min 250.0 us
                == Open MPI collectives, TCP (--mca btl tcp,self), 2 ranks
                coll op=bcast bytes=8 ranks=2 median 6.0 us min 5.0 us
                coll op=bcast bytes=8 ranks=4 median 10.0 us min 9.0 us
                == Open MPI collectives, shared memory (default transport), 2 ranks
                coll op=bcast bytes=8 ranks=2 median 0.1 us min 0.1 us
                """, "test");
    }

    @Test
    void bandwidthIsBytesOverTheMedianOneWayTimeForEachSeriesWithTwoSizesOrMore() {
        XYChart c = MsgPlots.bandwidth("sockets", OPTIONS, samples(), peers(), 2, "test");
        assertEquals(List.of("JOMP byte[]", "JOMP direct ByteBuffer", "raw NIO ping-pong, polled", "Open MPI TCP"),
                c.getSeriesCollection().stream().map(x -> x.getName()).toList());
        var direct = c.getSeries("JOMP direct ByteBuffer");
        // Sizes below 1 KB are latencies, not drawn as bandwidth.
        assertEquals(65536.0, direct.getXData()[0], 1e-9);
        assertEquals(6.5536, direct.getYData()[1], 1e-9);
        assertEquals(4.0, c.getSeries("Open MPI TCP").getYData()[1], 1e-9);
        assertEquals(4.096, c.getSeries("raw NIO ping-pong, polled").getYData()[0], 1e-9);
    }

    @Test
    void eachCollectivePointIsJompsTimeOverOpenMpisOnTheSameTransport() {
        CategoryChart c = MsgPlots.collectives("sockets", OPTIONS, samples(), peers(), List.of(2, 4), "test");
        List<?> points = List.copyOf(c.getSeries("2 ranks").getXData());
        assertEquals("bcast 8 B", points.get(1));
        int bcast8 = points.indexOf("bcast 8 B");
        assertEquals(0.5, c.getSeries("2 ranks").getYData()[bcast8], 1e-9);
        assertEquals(5.0, c.getSeries("4 ranks").getYData()[bcast8], 1e-9);
        assertTrue(Double.isNaN(c.getSeries("2 ranks").getYData()[points.indexOf("barrier")]),
                "a point Open MPI did not measure has no bar");
        assertEquals(0.75, c.getSeries("2 ranks").getYData()[points.indexOf("bcast 8 B direct")], 1e-9,
                "direct buffers against Open MPI's same call");
        CategoryChart shm = MsgPlots.collectives("shm", OPTIONS, samples(), peers(), List.of(2, 4), "test");
        assertEquals(2.0, shm.getSeries("2 ranks").getYData()[bcast8], 1e-9);
        assertFalse(shm.getSeries("2 ranks").getXData().contains("bcast 8 B direct"), "no direct samples on shm");
        assertEquals(List.of("2 ranks"), shm.getSeriesCollection().stream().map(x -> x.getName()).toList(),
                "no bars for a rank count without figures");
    }

    @Test
    void writeDrawsAPngAndAnSvgOfEachPlot(@TempDir Path dir) throws Exception {
        List<String> names = MsgPlots.write(dir, OPTIONS, samples(), peers(), 4, "test");
        assertEquals(List.of("msg-bandwidth-sockets.png", "msg-collectives-shm.png", "msg-collectives-sockets.png"),
                names, "shm has no ping-pong samples here, so no bandwidth plot");
        for (String n : names) {
            assertTrue(Files.size(dir.resolve(n)) > 1000, n);
            assertTrue(Files.exists(dir.resolve(n.replace(".png", ".svg"))), n);
        }
        assertFalse(Files.exists(dir.resolve("msg-bandwidth-shm.png")));
    }
}
