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
 * A subset of the //mpi corpus run as real jobs by jomprun: on the socket transport (each rank a JVM of its own),
 * the hybrid transport (JVMs of several thread ranks), and as thread ranks of one JVM started by the translated
 * main's Comm.init under -Djomp.np (--transport shm), started by jomprun (run in this JVM, as jomp-runtime-msg's JomprunTest does),
 * against the same oracle as the thread-rank runs. Rank 0's lines
 * carry jomprun's prefix, which is taken off before comparing. Kept small (five jobs, about 25 s):
 * the thread-rank runs cover the directives, these check that the same translation runs across JVMs.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MpiJomprunTest {

    @ParameterizedTest(name = "{0} on {1} ranks x {2} thread(s), transport {5}, {4} rank(s) per JVM")
    @CsvSource({"DistributedLoops, 3, 1, '', 1, sockets", "Collectives, 3, 1, Collectives$Point, 1, sockets",
            "Hybrid, 2, 2, '', 1, sockets", "RowBlocks, 4, 2, '', 2, hybrid", "DeclaredReductions, 3, 2, '', 1, shm"})
    void rankJvmsPrintWhatTheOracleSays(String name, int np, int threads, String allowed, int ranksPerJvm,
                                        String transport) {
        String source = MpiPrograms.source(name);
        var oracle = MpiExecutionTest.ORACLES.get(name);
        String expected = oracle != null ? oracle.apply(np)
                : MpiPrograms.runPlain(MpiPrograms.compile(name, source), "1", "1");
        MpiPrograms.Compiled translated = MpiPrograms.compile(name, MpiPrograms.translate(name, source).output());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String classPath = translated.classes() + File.pathSeparator + System.getProperty("java.class.path");
        // Rank JVMs deserialise only JDK types and the classes the job allows (jomp-runtime-msg's ObjectAllowList).
        List<String> argv = new java.util.ArrayList<>(List.of("-cp", classPath, "-J-XX:TieredStopAtLevel=1",
                "-J-Djomp.msg.serialAllow=" + allowed, "--transport", transport, "-np",
                Integer.toString(np), name, Integer.toString(threads), Integer.toString(np)));
        if (transport.equals("hybrid")) {
            argv.addAll(3, List.of("--ranks-per-jvm", Integer.toString(ranksPerJvm)));
        }
        int status = Jomprun.run(argv.toArray(String[]::new),
                new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, () -> printed + err.toString(StandardCharsets.UTF_8));
        List<String> lines = printed.lines().toList();
        // jomprun prefixes a line with its rank, with the ranks of its JVM in a hybrid job ([0-1]), and with
        // nothing when all ranks are threads of one JVM (shm: -Djomp.np, Comm.init starting the ranks).
        String prefix = transport.equals("shm") ? "" : ranksPerJvm == 1 ? "[0] " : "[0-" + (ranksPerJvm - 1) + "] ";
        String rankZero = lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()))
                .collect(Collectors.joining("\n", "", "\n"));
        assertEquals(lines.size(), rankZero.lines().count(), () -> "only rank 0 prints:\n" + printed);
        assertEquals(expected, rankZero, () -> printed + err.toString(StandardCharsets.UTF_8));
    }
}
