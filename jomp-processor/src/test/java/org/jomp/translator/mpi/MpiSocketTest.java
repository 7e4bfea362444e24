package org.jomp.translator.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jomp.msg.launch.Jomprun;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A subset of the //mpi corpus on the socket transport: each rank a JVM of its own (or, on the hybrid transport,
 * JVMs of several thread ranks), started by jomprun (run in this JVM, as jomp-runtime-msg's JomprunTest does),
 * against the same oracle as the thread-rank runs. Rank 0's lines
 * carry jomprun's prefix, which is taken off before comparing. Kept small (four jobs, about 20 s):
 * the thread-rank runs cover the directives, these check that the same translation runs across JVMs.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MpiSocketTest {

    @ParameterizedTest(name = "{0} on {1} ranks x {2} thread(s), {4} rank(s) per JVM")
    @CsvSource({"DistributedLoops, 3, 1, '', 1", "Collectives, 3, 1, Collectives$Point, 1", "Hybrid, 2, 2, '', 1",
            "RowBlocks, 4, 2, '', 2"})
    void rankJvmsPrintWhatTheOracleSays(String name, int np, int threads, String allowed, int ranksPerJvm) {
        String source = MpiPrograms.source(name);
        var oracle = MpiExecutionTest.ORACLES.get(name);
        String expected = oracle != null ? oracle.apply(np)
                : MpiPrograms.runPlain(MpiPrograms.compile(name, source), "1", "1");
        MpiPrograms.Compiled translated = MpiPrograms.compile(name, MpiPrograms.translate(name, source).output());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String classPath = translated.classes() + File.pathSeparator + System.getProperty("java.class.path");
        // Rank JVMs deserialise only JDK types and the classes the job allows (jomp-runtime-msg's ObjectAllowList).
        int status = Jomprun.run(new String[] {"-cp", classPath, "-J-XX:TieredStopAtLevel=1",
                "-J-Djomp.msg.serialAllow=" + allowed, "--ranks-per-jvm", Integer.toString(ranksPerJvm), "-np",
                Integer.toString(np), name, Integer.toString(threads), Integer.toString(np)},
                new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, () -> printed + err.toString(StandardCharsets.UTF_8));
        List<String> lines = printed.lines().toList();
        // jomprun prefixes a line with its rank, or with the ranks of its JVM in a hybrid job ([0-1]).
        String prefix = ranksPerJvm == 1 ? "[0] " : "[0-" + (ranksPerJvm - 1) + "] ";
        String rankZero = lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()))
                .collect(Collectors.joining("\n", "", "\n"));
        assertEquals(lines.size(), rankZero.lines().count(), () -> "only rank 0 prints:\n" + printed);
        assertEquals(expected, rankZero, () -> printed + err.toString(StandardCharsets.UTF_8));
    }
}
