package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads run.sh mpi's output, written here with the printf formats of shared/peers/mpi_pingpong.c. */
class MpiPeersTest {
    private static String ping(long bytes, double medianSeconds) {
        return String.format(Locale.ROOT, "%-14s %9d B  median %10.3f us  min %10.3f us  | bw(median) %10.1f MB/s"
                + "  bw(max) %10.1f MB/s%n", "pingpong", bytes, medianSeconds * 1e6, medianSeconds * 0.9e6,
                bytes / medianSeconds / 1e6, bytes / medianSeconds / 0.9e6);
    }

    private static String coll(String name, double medianSeconds) {
        return String.format(Locale.ROOT, "%-14s %9s    median %10.3f us  min %10.3f us%n", name, "-",
                medianSeconds * 1e6, medianSeconds * 0.9e6);
    }

    @Test
    void eachSectionGivesItsTransportsFigures() {
        String text = "== Open MPI, shared memory (default transport), 2 ranks\n" + ping(1, 0.16e-6)
                + ping(1048576, 96e-6) + coll("Barrier", 0.18e-6) + coll("Bcast(8B)", 0.09e-6)
                + coll("Allreduce(8B)", 0.24e-6) + "== Open MPI, TCP (--mca btl tcp,self), 2 ranks\n"
                + ping(1, 6.5e-6) + coll("Barrier", 9.6e-6);
        MpiPeers p = MpiPeers.parse(text, "test");
        assertEquals(0.16, p.pingPong("shm", 1).getAsDouble(), 1e-9);
        assertEquals(96.0, p.pingPong("shm", 1048576).getAsDouble(), 1e-9);
        assertEquals(6.5, p.pingPong("tcp", 1).getAsDouble(), 1e-9);
        assertEquals(0.09, p.collective("shm", "bcast").getAsDouble(), 1e-9);
        assertEquals(0.24, p.collective("shm", "allreduce").getAsDouble(), 1e-9);
        assertEquals(9.6, p.collective("tcp", "barrier").getAsDouble(), 1e-9);
        assertTrue(p.collective("tcp", "bcast").isEmpty());
        assertFalse(p.isEmpty());
    }

    @Test
    void aRunPastItsLimitIsStoppedWithItsChildrenAndWhatItPrintedIsKept(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("run.sh");
        Path pidFile = dir.resolve("child.pid");
        Files.writeString(script, "echo '== Open MPI, shared memory (default transport), 2 ranks'\n"
                + "printf '" + ping(1, 0.5e-6).trim() + "\\n'\n"
                + "sleep 300 & echo $! > " + pidFile + "\nwait\n");
        long t0 = System.nanoTime();
        Path coll = dir.resolve("coll.sh");
        Files.writeString(coll, "true\n");
        MpiPeers p = MpiPeers.run(script, coll, List.of(2), List.of(8), false, List.of(), 2, "");
        long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
        assertTrue(seconds < 30, "stopped after " + seconds + " s");
        assertEquals(0.5, p.pingPong("shm", 1).getAsDouble(), 1e-9);
        assertTrue(p.source().contains("stopped after 2 s"), p.source());
        long child = Long.parseLong(Files.readString(pidFile).trim());
        Thread.sleep(500);
        assertFalse(running(child), "the script's child lives on");
    }

    /** Whether process {@code pid} still runs: a killed child whose parent was killed too may linger as a zombie. */
    private static boolean running(long pid) throws java.io.IOException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (!Files.exists(stat)) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        String s = Files.readString(stat);
        return !s.substring(s.lastIndexOf(')') + 2).startsWith("Z");
    }

    @Test
    void collectivesAtEveryRankCountAndSizeComeFromTheSecondScript(@TempDir Path dir) throws Exception {
        // The fake scripts print what they were given: the second one its RANKS and its sizes, as mpi_coll.c would.
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "[ \"$1\" = mpi ] || exit 3\necho '== Open MPI, TCP (--mca btl tcp,self), 2 ranks'\n"
                + "printf '" + coll("Allreduce(8B)", 15e-6).trim() + "\\n'\n");
        Path collScript = dir.resolve("coll.sh");
        Files.writeString(collScript, "[ \"$1\" = mpi ] || exit 3\nshift\nfor np in $RANKS; do\n"
                + "echo \"== Open MPI collectives, TCP (--mca btl tcp,self), $np ranks\"\n"
                + "for b in \"$@\"; do "
                + "echo \"coll op=allreduce bytes=$b ranks=$np median $np.$b us min 1.0 us\"; done\n"
                + "echo \"coll op=barrier bytes=0 ranks=$np median 3.25 us min 3.0 us\"\ndone\n");
        MpiPeers p = MpiPeers.run(script, collScript, List.of(2, 4), List.of(8, 65536), false, List.of(), 60, "");
        assertEquals(4.65536, p.collective("tcp", "allreduce", 65536, 4).getAsDouble(), 1e-9);
        assertEquals(2.8, p.collective("tcp", "allreduce", 8, 2).getAsDouble(), 1e-9);
        assertEquals(3.25, p.collective("tcp", "barrier", 0, 4).getAsDouble(), 1e-9);
        assertEquals(15.0, p.collective("tcp", "allreduce").getAsDouble(), 1e-9);
        assertTrue(p.collective("shm", "allreduce", 8, 4).isEmpty());
        assertEquals(script + " mpi + " + collScript + " mpi", p.source());
    }

    @Test
    void withLineProbeTheSecondScriptsBracketedSamplesAreSplitByPlacement(@TempDir Path dir) throws Exception {
        // As mpi_coll.c: bracketed samples only when LINE_PROBE=1, and only at 2 ranks.
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "true\n");
        Path collScript = dir.resolve("coll.sh");
        Files.writeString(collScript, "for np in $RANKS; do\n"
                + "echo \"== Open MPI collectives, shared memory (default transport), $np ranks\"\n"
                + "if [ \"$LINE_PROBE\" = 1 ] && [ $np = 2 ]; then\n"
                + "echo 'sample op=bcast bytes=8 ranks=2 us=0.1000 line=60,70'\n"
                + "echo 'sample op=bcast bytes=8 ranks=2 us=0.1400 line=45,149'\n"
                + "echo 'sample op=bcast bytes=8 ranks=2 us=0.3000 line=250,260'\n"
                + "echo 'sample op=bcast bytes=8 ranks=2 us=9.0000 line=60,260'\n"
                + "echo 'sample op=pingpong bytes=1 ranks=2 us=0.2500 line=210,150'\n"
                + "fi\ndone\n");
        MpiPeers probed = MpiPeers.run(script, collScript, List.of(2, 4), List.of(8), true, List.of(), 60, "");
        assertEquals(List.of(0.1, 0.14), probed.placed("shm", "bcast", 8, 2, true));
        assertEquals(List.of(0.3), probed.placed("shm", "bcast", 8, 2, false));
        assertEquals(List.of(0.25), probed.placed("shm", "pingpong", 1, 2, false));
        assertTrue(probed.placed("shm", "pingpong", 1, 2, true).isEmpty());
        assertTrue(probed.placed("tcp", "bcast", 8, 2, true).isEmpty());
        MpiPeers plain = MpiPeers.run(script, collScript, List.of(2, 4), List.of(8), false, List.of(), 60, "");
        assertTrue(plain.placed("shm", "bcast", 8, 2, true).isEmpty());
        assertTrue(plain.placed("shm", "bcast", 8, 2, false).isEmpty());
    }

    @Test
    void probedSamplesOfThePairedRunsAndTheLastArePooledIntoOneMedian(@TempDir Path dir) throws Exception {
        // The fake second script prints, per run, one bracketed sample whose time is the run's number (from a file),
        // and a median line of its own that the pooled median must override.
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "echo '== Open MPI, shared memory (default transport), 2 ranks'\n"
                + "printf '" + ping(1, 9e-6).trim() + "\\n'\n");
        Path counter = dir.resolve("runs");
        Path collScript = dir.resolve("coll.sh");
        Files.writeString(collScript, "n=$(( $(cat " + counter + " 2>/dev/null || echo 0) + 1 )); echo $n > " + counter
                + "\nfor np in $RANKS; do\n"
                + "echo \"== Open MPI collectives, shared memory (default transport), $np ranks\"\n"
                + "if [ \"$LINE_PROBE\" = 1 ] && [ $np = 2 ]; then\n"
                + "echo \"sample op=barrier bytes=0 ranks=2 us=$n.0 line=60,70\"\n"
                + "echo \"sample op=pingpong bytes=1 ranks=2 us=0.$n line=250,260\"\n"
                + "fi\necho \"coll op=barrier bytes=0 ranks=$np median 100.0 us min 1.0 us\"\ndone\n");
        String paired = MpiPeers.pairedRun(collScript, List.of(8), 60) + MpiPeers.pairedRun(collScript, List.of(8), 60);
        assertFalse(paired.contains("ranks=4"), paired);
        MpiPeers p = MpiPeers.run(script, collScript, List.of(2, 4), List.of(8), true, List.of(), 60, paired);
        // Runs 1, 2 (paired) and 3 (the last): the median of 1, 2 and 3 us, and of 0.1, 0.2, 0.3 us (not the
        // first script's 9 us).
        assertEquals(2.0, p.collective("shm", "barrier", 0, 2).getAsDouble(), 1e-9);
        assertEquals(0.2, p.pingPong("shm", 1).getAsDouble(), 1e-9);
        assertEquals(List.of(1.0, 2.0, 3.0), p.placed("shm", "barrier", 0, 2, true));
        // Points without probed samples keep their script's median.
        assertEquals(100.0, p.collective("shm", "barrier", 0, 4).getAsDouble(), 1e-9);
        assertTrue(p.source().endsWith("both also after each run's JOMP jobs"), p.source());
    }

    @Test
    void collectivesPairedWithEachRunsJobsGiveTheMedianOfTheirMediansOverTheTransportAsked(@TempDir Path dir)
            throws Exception {
        // The fake second script's allreduce median is its run's number (from a file) times 10 us, for each rank
        // count in RANKS and transport in TRANSPORTS (both by default), as examples/peers/run.sh chooses them.
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "true\n");
        Path counter = dir.resolve("runs");
        Path collScript = dir.resolve("coll.sh");
        Files.writeString(collScript, "[ \"$1\" = mpi ] || exit 3\n"
                + "n=$(( $(cat " + counter + " 2>/dev/null || echo 0) + 1 )); echo $n > " + counter + "\n"
                + "for np in $RANKS; do for t in ${TRANSPORTS:-shm tcp}; do\n"
                + "if [ $t = shm ]; then echo \"== Open MPI collectives, shared memory (default transport),"
                + " $np ranks\"\nelse echo \"== Open MPI collectives, TCP (--mca btl tcp,self), $np ranks\"; fi\n"
                + "echo \"coll op=allreduce bytes=8 ranks=$np median $((n * 10)).0 us min 1.0 us\"\n"
                + "done; done\n");
        String paired = MpiPeers.pairedCollectives(collScript, List.of(8), 4, "tcp", 60)
                + MpiPeers.pairedCollectives(collScript, List.of(8), 4, "tcp", 60)
                + MpiPeers.pairedCollectives(collScript, List.of(8), 8, "shm", 60);
        assertFalse(paired.contains("shared memory (default transport), 4 ranks"), paired);
        assertFalse(paired.contains("TCP (--mca btl tcp,self), 8 ranks"), paired);
        MpiPeers p = MpiPeers.run(script, collScript, List.of(4, 8), List.of(8), false, List.of(), 60, paired);
        // TCP at 4 ranks: runs 1, 2 (paired) and 4 (the last), 10, 20 and 40 us; shm at 8 ranks: runs 3 and 4.
        assertEquals(20.0, p.collective("tcp", "allreduce", 8, 4).getAsDouble(), 1e-9);
        assertEquals(35.0, p.collective("shm", "allreduce", 8, 8).getAsDouble(), 1e-9);
        assertEquals(40.0, p.collective("shm", "allreduce", 8, 4).getAsDouble(), 1e-9);
        assertEquals(40.0, p.collective("tcp", "allreduce", 8, 8).getAsDouble(), 1e-9);
    }

    @Test
    void pingPongsOfThePairedRunsAndTheLastGiveTheMedianOfTheirMedians(@TempDir Path dir) throws Exception {
        // The fake first script's TCP 1 MB median is its run's number times 100 us; its shm 1 B median stays 0.5 us.
        Path counter = dir.resolve("runs");
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "[ \"$1\" = mpi ] || exit 3\n"
                + "n=$(( $(cat " + counter + " 2>/dev/null || echo 0) + 1 )); echo $n > " + counter + "\n"
                + "echo '== Open MPI, shared memory (default transport), 2 ranks'\n"
                + "printf '" + ping(1, 0.5e-6).trim() + "\\n'\n"
                + "echo '== Open MPI, TCP (--mca btl tcp,self), 2 ranks'\n"
                + "printf 'pingpong 1048576 B median %d.0 us min 1.0 us\\n' $((n * 100))\n");
        Path collScript = dir.resolve("coll.sh");
        Files.writeString(collScript, "true\n");
        String paired = MpiPeers.pairedSocketPoints(script, collScript, List.of(), List.of(), 60)
                + MpiPeers.pairedSocketPoints(script, collScript, List.of(), List.of(), 60)
                + MpiPeers.pairedSocketPoints(script, collScript, List.of(), List.of(), 60);
        MpiPeers p = MpiPeers.run(script, collScript, List.of(2), List.of(8), false, List.of(), 60, paired);
        // Runs of 100, 200, 300 and (the last) 400 us: the median is 250, not the last run's 400.
        assertEquals(250.0, p.pingPong("tcp", 1048576).getAsDouble(), 1e-9);
        assertEquals(0.5, p.pingPong("shm", 1).getAsDouble(), 1e-9);
        assertEquals(4, Integer.parseInt(Files.readString(counter).trim()));
    }

    @Test
    void largePingPongsComeFromTheSecondScriptAtTwoRanksAndStandInWhereTheFirstHasNoFigure(@TempDir Path dir)
            throws Exception {
        // The fake first script measures TCP 1 MB and 8 MB, as shared/peers does; the fake second one prints a TCP
        // ping-pong line per size it was asked for, with its run's number, and records its arguments, RANKS,
        // COPY_PROBE and TRANSPORTS.
        Path script = dir.resolve("run.sh");
        Files.writeString(script, "echo '== Open MPI, TCP (--mca btl tcp,self), 2 ranks'\n"
                + "printf 'pingpong 1048576 B median 150.0 us min 1.0 us\\n'\n"
                + "printf 'pingpong 8388608 B median 1800.0 us min 1.0 us\\n'\n");
        Path counter = dir.resolve("runs");
        Path args = dir.resolve("args");
        Path collScript = dir.resolve("coll.sh");
        Files.writeString(collScript, "n=$(( $(cat " + counter + " 2>/dev/null || echo 0) + 1 )); echo $n > " + counter
                + "\necho \"$RANKS $COPY_PROBE $TRANSPORTS: $*\" >> " + args + "\n"
                + "echo '== Open MPI collectives, TCP (--mca btl tcp,self), 2 ranks'\n"
                + "[ \"$2\" = pingpong ] || exit 0\nshift 2\nfor b in \"$@\"; do\n"
                + "echo \"coll op=pingpong bytes=$b ranks=2 median $n$b us min 1 us\"\ndone\n");
        List<Integer> sizes = List.of(65536, 1 << 20, 4 << 20, 8 << 20, 16 << 20);
        String paired = MpiPeers.pairedSocketPoints(script, collScript, sizes, List.of(8, 1 << 20), 60)
                + MpiPeers.pairedSocketPoints(script, collScript, sizes, List.of(8, 1 << 20), 60);
        MpiPeers p = MpiPeers.run(script, collScript, List.of(2), List.of(), false, sizes, 60, paired);
        // Asked for the sizes of 1 MB or more, at 2 ranks with copy probes, in each of the three runs; the paired
        // runs then ask for the TCP collectives at 2 ranks with copy probes, and the run at the end for the
        // collectives (RANKS 2, no sizes, no copy probes, both transports).
        String pingPongs = "2 1 : mpi pingpong 1048576 4194304 8388608 16777216\n";
        assertEquals((pingPongs + "2 1 tcp: mpi 8 1048576\n").repeat(2) + pingPongs + "2  : mpi\n",
                Files.readString(args));
        // The medians of the runs' 14194304, 34194304 and 54194304 us (calls 1, 3 and 5 of the fake script).
        assertEquals(34194304.0, p.pingPong("tcp", 4 << 20).getAsDouble(), 1e-6);
        assertEquals(316777216.0, p.pingPong("tcp", 16 << 20).getAsDouble(), 1e-6);
        // Where the first script has a figure, it stands.
        assertEquals(150.0, p.pingPong("tcp", 1 << 20).getAsDouble(), 1e-9);
        assertEquals(1800.0, p.pingPong("tcp", 8 << 20).getAsDouble(), 1e-9);
        assertTrue(p.pingPong("tcp", 65536).isEmpty());
    }

    @Test
    void samplesBracketedByCopyProbesAreSplitBySpeedAndLeaveTheMedianToTheRuns() {
        // As mpi_coll.c prints them with COPY_PROBE=1: fast (both probes under 200 us a MiB), slow (both at or above),
        // and one whose probes disagree, which is in neither.
        MpiPeers p = MpiPeers.parse("== Open MPI collectives, TCP (--mca btl tcp,self), 2 ranks\n"
                + "sample op=pingpong bytes=4194304 ranks=2 us=900.5000 copy=104,99\n"
                + "sample op=pingpong bytes=4194304 ranks=2 us=950.0000 copy=199,120\n"
                + "sample op=pingpong bytes=4194304 ranks=2 us=1700.0000 copy=380,200\n"
                + "sample op=pingpong bytes=4194304 ranks=2 us=1100.0000 copy=110,390\n"
                + "coll op=pingpong bytes=4194304 ranks=2 median 1000.000 us min 900.5 us\n"
                + "sample op=bcast bytes=1048576 ranks=2 us=61.0000 copy=90,95\n"
                + "sample op=bcast bytes=1048576 ranks=2 us=560.0000 copy=420,450\n"
                + "coll op=bcast bytes=1048576 ranks=2 median 300.000 us min 61.0 us\n"
                + "== Open MPI collectives, shared memory (default transport), 2 ranks\n"
                + "sample op=pingpong bytes=4194304 ranks=2 us=600.0000 copy=90,90\n", "test");
        assertEquals(List.of(900.5, 950.0), p.bySpeed("tcp", "pingpong", 4 << 20, true));
        assertEquals(List.of(1700.0), p.bySpeed("tcp", "pingpong", 4 << 20, false));
        assertEquals(List.of(600.0), p.bySpeed("shm", "pingpong", 4 << 20, true));
        assertTrue(p.bySpeed("tcp", "pingpong", 1 << 20, true).isEmpty());
        // A collective's samples are its own.
        assertEquals(List.of(61.0), p.bySpeed("tcp", "bcast", 1 << 20, true));
        assertEquals(List.of(560.0), p.bySpeed("tcp", "bcast", 1 << 20, false));
        assertTrue(p.bySpeed("tcp", "pingpong", 1 << 20, false).isEmpty());
        assertEquals(300.0, p.collective("tcp", "bcast", 1 << 20, 2).getAsDouble(), 1e-9);
        // The run's own median stands for the point as a whole; the copy-probed samples do not replace it.
        assertEquals(1000.0, p.pingPong("tcp", 4 << 20).getAsDouble(), 1e-9);
        assertTrue(p.placed("tcp", "pingpong", 4 << 20, 2, true).isEmpty());
    }

    @Test
    void withoutTheSecondScriptTwoRanksAtEightBytesFallBackToTheFirst() {
        MpiPeers p = MpiPeers.parse("== Open MPI, TCP (--mca btl tcp,self), 2 ranks\n" + coll("Barrier", 9.6e-6)
                + coll("Allreduce(8B)", 15e-6), "test");
        assertEquals(9.6, p.collective("tcp", "barrier", 0, 2).getAsDouble(), 1e-9);
        assertEquals(15.0, p.collective("tcp", "allreduce", 8, 2).getAsDouble(), 1e-9);
        assertTrue(p.collective("tcp", "allreduce", 8, 4).isEmpty());
        assertTrue(p.collective("tcp", "allreduce", 65536, 2).isEmpty());
    }

    @Test
    void linesBeforeAnySectionAreIgnored() {
        assertTrue(MpiPeers.parse(ping(1, 1e-6), "test").isEmpty());
    }
}
