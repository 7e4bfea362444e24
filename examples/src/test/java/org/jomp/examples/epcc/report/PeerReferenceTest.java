package org.jomp.examples.epcc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
    void aMissingFileIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("nope.txt");
        IOException e = assertThrows(IOException.class, () -> PeerReference.read(missing));
        assertEquals("--peers " + missing + ": no such file", e.getMessage());
    }
}
