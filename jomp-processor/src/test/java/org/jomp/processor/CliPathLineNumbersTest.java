package org.jomp.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jomp.cli.Jompc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other path to class files, jompc then javac, gives the same line numbers as the processor path: the sample
 * (annotations and comments) translated by jompc, compiled by the JDK's javac without any processor, verified by
 * ASM, and a stack trace from inside the parallel loop names the user's file and line.
 */
class CliPathLineNumbersTest {

    private static final Path JDK = Path.of(System.getProperty("java.home"));

    @Test
    void jompcThenJavacKeepsFileAndLine(@TempDir Path dir) throws Exception {
        SampleProject.copySources(dir);
        StringWriter err = new StringWriter();
        int status = Jompc.run(new String[] {"-d", dir.resolve("translated").toString(), dir.resolve("src").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(0, status, err::toString);

        List<String> cmd = new ArrayList<>(List.of(JDK.resolve("bin/javac").toString(), "-proc:none", "-g", "-d",
                "out", "--release", "17", "-cp", SampleProject.userClassPath()));
        try (Stream<Path> walk = Files.walk(dir.resolve("translated"))) {
            walk.filter(p -> p.toString().endsWith(".java")).forEach(p -> cmd.add(p.toString()));
        }
        SampleProject.Run built = SampleProject.run(cmd, dir);
        assertEquals(0, built.exit(), built::output);
        assertEquals("", SampleProject.verify(dir.resolve("out")), "ASM's verifier");

        int throwLine = PlainJavacSampleTest.lineOf(dir.resolve("src/demo/Thrower.java"), "// the throw line");
        SampleProject.Run thrown = SampleProject.java(JDK, dir, "demo.Thrower", 2);
        assertEquals("thrown at Thrower.java:" + throwLine, thrown.output().lines().findFirst().orElse(""));
        SampleProject.Run run = SampleProject.java(JDK, dir, "demo.Histogram", 2);
        assertEquals(0, run.exit(), run::output);
    }
}
