package org.jomp.examples.epcc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeerReferenceTest {

    @Test
    void takesTheMedianPerThreadCountAndConstruct(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("omp.txt");
        Files.writeString(file, """
                == libgomp (gcc -fopenmp), EPCC-style overheads per construct, OMP_NUM_THREADS=2
                threads=2 ref=0.103 PARALLEL=1.722 FOR=0.585 PARALLEL_FOR=1.510 BARRIER=0.543 us aaaa=40000
                threads=2 ref=0.107 PARALLEL=0.659 FOR=0.295 PARALLEL_FOR=0.738 BARRIER=0.269 us aaaa=40000
                threads=2 ref=0.104 PARALLEL=0.674 FOR=0.313 PARALLEL_FOR=0.749 BARRIER=0.269 CRITICAL=-0.016 us
                threads=4 ref=0.104 PARALLEL=2.5 us
                """);
        PeerReference peers = PeerReference.read(file);
        assertEquals(0.674, peers.median(2, "PARALLEL").getAsDouble(), 1e-12);
        assertEquals(0.749, peers.median(2, "PARALLEL_FOR").getAsDouble(), 1e-12);
        assertEquals(-0.016, peers.median(2, "CRITICAL").getAsDouble(), 1e-12);
        assertEquals(2.5, peers.median(4, "PARALLEL").getAsDouble(), 1e-12);
        assertFalse(peers.median(2, "SINGLE").isPresent());
        assertFalse(peers.median(3, "PARALLEL").isPresent());
    }

    @Test
    void runsEveryScriptPerTeamSizeWithTheRunsArguments(@TempDir Path dir) throws Exception {
        // Each fake script prints a figure made of what it was given: its THREADS and its first argument.
        Path sync = dir.resolve("sync.sh");
        Files.writeString(sync, "[ \"$1\" = omp ] || exit 3\necho \"threads=$THREADS PARALLEL=$THREADS.5 us\"\n");
        Path rest = dir.resolve("rest.sh");
        Files.writeString(rest, "[ \"$1\" = omp ] || exit 3\n"
                + "echo \"threads=$THREADS STATIC_1=$2 ORDERED=$THREADS us\"\n");
        PeerReference peers = PeerReference.run(List.of(sync, rest), List.of("7.25", "1000"), List.of(2, 3));
        assertEquals(2.5, peers.median(2, "PARALLEL").getAsDouble(), 1e-12);
        assertEquals(3.5, peers.median(3, "PARALLEL").getAsDouble(), 1e-12);
        assertEquals(7.25, peers.median(3, "STATIC_1").getAsDouble(), 1e-12);
        assertEquals(2.0, peers.median(2, "ORDERED").getAsDouble(), 1e-12);
        assertEquals(sync + " omp + " + rest + " omp", peers.source());
    }

    @Test
    void aFailingScriptIsNamedWithItsOutput(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.sh");
        Files.writeString(bad, "echo 'gcc: not found'\nexit 4\n");
        IOException e = assertThrows(IOException.class, () -> PeerReference.run(List.of(bad), List.of(), List.of(2)));
        assertTrue(e.getMessage().startsWith(bad + " omp with THREADS=2 exited with 4:"), e.getMessage());
        assertTrue(e.getMessage().contains("gcc: not found"), e.getMessage());
    }

    @Test
    void aMissingFileIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("nope.txt");
        IOException e = assertThrows(IOException.class, () -> PeerReference.read(missing));
        assertEquals("--peers " + missing + ": no such file", e.getMessage());
    }
}
