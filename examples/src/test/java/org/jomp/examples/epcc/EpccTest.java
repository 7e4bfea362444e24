package org.jomp.examples.epcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.jomp.examples.epcc.sync.SyncConstruct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole program end to end with tiny settings: tables on stdout, CSV on disk, exit status 0. */
class EpccTest {

    @Test
    void aTinyRunPrintsBothTablesAndWritesCsv(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("out/epcc.csv");
        Options options = Options.parse("--threads", "2", "--measure", "parallel,reduction", "--outer-reps", "2",
                "--test-time", "20", "--warmup-ms", "0", "--iters-per-thread", "8", "--max-chunk", "2",
                "--csv", csv.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int status = Epcc.run(options, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, text);
        assertTrue(text.contains("== syncbench, 2 threads"), text);
        assertTrue(text.contains("== schedbench, 2 threads"), text);
        assertTrue(text.contains("REDUCTION      jomp-api"), text);
        assertTrue(text.contains("REDUCTION      jomp-directive"), text);
        assertTrue(text.contains("= jomp-directive - jomp-api"), text);
        List<String> rows = Files.readAllLines(csv);
        // PARALLEL: 2 jomp + 3 baselines; REDUCTION: 2 jomp + 4; schedbench: 7 cases x (2 jomp + 2)
        assertEquals(1 + 5 + 6 + 7 * 4, rows.size(), String.join("\n", rows));
    }

    @Test
    void optionsHaveDefaultsAndQuickShortensTheRun() {
        Options defaults = Options.parse();
        assertEquals(List.of(2), defaults.threads);
        assertEquals(20, defaults.outerReps);
        assertEquals(List.of(SyncConstruct.values()), defaults.constructs);
        Options quick = Options.parse("--quick", "--threads", "1,2,4");
        assertTrue(quick.outerReps < defaults.outerReps);
        assertEquals(List.of(1, 2, 4), quick.threads);
    }

    @Test
    void theSecondLibgompScriptIsToldThisRunsDelayAndSizes() {
        Options o = Options.parse("--delay-time", "0.25", "--test-time", "800", "--outer-reps", "7",
                "--iters-per-thread", "64", "--max-chunk", "16", "--epcc-peers-script", "/x/run.sh");
        assertEquals(List.of("0.25", "800.0", "7", "64", "16"), o.epccPeersArgs());
        assertEquals("/x/run.sh", o.epccPeersScript.toString());
    }

    @Test
    void badOptionsSayWhichOptionAndValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Options.parse("--threads", "2,zero"));
        assertEquals("--threads: expected a whole number >= 1, got 'zero'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.parse("--measure", "PARALLEL,FORK"));
        assertTrue(e.getMessage().startsWith("--measure: unknown syncbench construct 'FORK'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.parse("--outer-reps"));
        assertEquals("--outer-reps needs a value", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.parse("--fib", "20", "--fib-cutoff", "1"));
        assertEquals("--fib-cutoff: expected 2 <= cutoff <= fib n (20), got 1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.parse("--bench", "sync,forks"));
        assertTrue(e.getMessage().startsWith("--bench: unknown benchmark 'forks'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Options.parse("--fast"));
        assertTrue(e.getMessage().startsWith("unknown option '--fast' (argument 1)"), e.getMessage());
    }
}
