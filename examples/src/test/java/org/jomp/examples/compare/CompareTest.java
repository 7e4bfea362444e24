package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole command on tiny sizes: it times, counts, plots and writes the report where it is told to. */
class CompareTest {
    @Test
    void tinyRunWritesTheReportAndThePlots(@TempDir Path docs) throws Exception {
        System.setProperty("java.awt.headless", "true");
        String[] args = {"--only", "series,pi", "--sizes", "series=30,pi=1", "--warmup", "0", "--repeat", "1",
            "--docs", docs.toString(), "--sources", "src/main/java"};
        CompareOptions options = CompareOptions.parse(args, Examples.all().stream().map(Example::name).toList());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<ExampleResult> results = Compare.run(options, "bin/jomp-compare (test)",
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertEquals(List.of("series", "pi"), results.stream().map(ExampleResult::name).toList());

        String md = Files.readString(docs.resolve("results.md"));
        assertTrue(md.contains("| command | `bin/jomp-compare (test)` |"), md);
        assertTrue(md.contains("| series | n=30 |"), md);
        assertTrue(md.contains("| pi | n=1M |"), md);
        // pi has SPMD and hybrid versions, series has neither: only pi is in their tables.
        String spmd = md.substring(md.indexOf("### SPMD (ranks)"), md.indexOf("### hybrid"));
        assertTrue(spmd.contains("| pi (n=1M) | sequential |") && !spmd.contains("series"), spmd);
        assertTrue(spmd.contains("| | //mpi (generated) |") && spmd.contains("| | hand-written communicator |"), spmd);
        for (String image : List.of("generated-over-hand-written", "generated-over-hand-written-spmd",
                "speedup-series", "speedup-pi")) {
            assertTrue(Files.size(docs.resolve("img/" + image + ".png")) > 0, image);
            assertTrue(Files.size(docs.resolve("img/" + image + ".svg")) > 0, image);
            assertTrue(md.contains("![img/" + image + ".png](img/" + image + ".png)"), image);
        }
        String out = log.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("wrote " + docs.resolve("results.md")), out);
    }
}
