package org.jomp.examples.msgbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The raw floors run and give one positive figure per sample (their speed is the benchmark's business). */
class BaselinesTest {
    @Test
    void theThreadHandOffGivesOneFigurePerSample() throws Exception {
        List<Double> v = RawHandOff.measure(4096, 3, 200);
        assertEquals(3, v.size());
        assertTrue(v.stream().allMatch(x -> x > 0), v.toString());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theNioPingPongBlockingOrPolledGivesOneFigurePerSample(boolean polling) throws Exception {
        try (RawNioPingPong nio = RawNioPingPong.open(polling)) {
            for (int bytes : new int[] {1, 300_000}) {
                List<Double> v = nio.measure(bytes, 3, 200);
                assertEquals(3, v.size());
                assertTrue(v.stream().allMatch(x -> x > 0), v.toString());
            }
        }
    }

    @Test
    void theNioPingPongOverAUnixSocketGivesOneFigurePerSampleAndLeavesNoPathBehind() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Set<Path> before = rawDirs(tmp);
        try (RawNioPingPong nio = RawNioPingPong.openUnix()) {
            for (int bytes : new int[] {1, 300_000}) {
                List<Double> v = nio.measure(bytes, 3, 200);
                assertEquals(3, v.size());
                assertTrue(v.stream().allMatch(x -> x > 0), v.toString());
            }
        }
        assertEquals(before, rawDirs(tmp));
    }

    private static Set<Path> rawDirs(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("jomp-raw")).collect(Collectors.toSet());
        }
    }
}
