package org.jomp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jomp.translator.exec.InMemoryCompiler;
import org.jomp.translator.exec.ProgramRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A program written for JOMP 1.0b (EPCC, 2000) as its users kept it: a {@code .jomp} file using
 * {@code jomp.runtime.OMP}, typed clause variables and {@code //omp only}. jompc turns it into a {@code .java} file of
 * the same name without edits to the program, and the translation prints what the sequential program prints at 1, 2
 * and 4 threads.
 */
class JompOneCompatibilityTest {

    private static final String HELLO = """
            import jomp.runtime.*;

            public class Hello {
                public static void main(String[] argv) {
                    int n = 100000;
                    int myid;
                    double sum = 0.0;
                    int teams = 0;
                    //omp only OMP.setNumThreads(OMP.getMaxThreads());
                    //omp parallel private(myid) reduction(+:double sum) shared(teams)
                    {
                        myid = OMP.getThreadNum();
                        //omp for schedule(static)
                        for (int i = 1; i <= n; i++) {
                            sum += 1.0 / ((double) i * i);
                        }
                        //omp master
                        {
                            teams++;
                        }
                        //omp critical
                        {
                            if (myid >= OMP.getNumThreads()) {
                                throw new IllegalStateException("thread " + myid + " outside its team");
                            }
                        }
                    }
                    System.out.printf("sum %.12f, masters %d%n", sum, teams);
                }
            }
            """;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2, 4})
    void aJompFileBecomesAJavaFileAndPrintsTheSequentialAnswer(int threads) throws Exception {
        Path jomp = dir.resolve("src/Hello.jomp");
        Files.createDirectories(jomp.getParent());
        Files.writeString(jomp, HELLO);
        Path out = dir.resolve("out");
        StringWriter err = new StringWriter();
        int status = Jompc.run(new String[] {"-d", out.toString(), dir.resolve("src").toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertEquals(0, status, err.toString());
        assertFalse(Files.exists(out.resolve("Hello.jomp")), "the output keeps the .jomp name");
        String translated = Files.readString(out.resolve("Hello.java"));
        assertTrue(translated.contains("Omp.parallel("), translated);

        InMemoryCompiler javac = new InMemoryCompiler();
        InMemoryCompiler.Result sequential = javac.compile("Hello.java", HELLO);
        InMemoryCompiler.Result parallel = javac.compile("Hello.java", translated);
        assertTrue(sequential.ok(), sequential.errors());
        assertTrue(parallel.ok(), parallel.errors());
        ProgramRunner.Outcome expected = ProgramRunner.run(sequential.classes(), "Hello", 0, null);
        ProgramRunner.Outcome actual = ProgramRunner.run(parallel.classes(), "Hello", threads, null);
        assertNull(expected.thrown());
        assertNull(actual.thrown(), () -> "the translation threw " + actual.thrown());
        assertEquals(expected.stdout(), actual.stdout());
    }

    @Test
    void aSingleJompFileIsWrittenAsJava() throws IOException {
        Path jomp = dir.resolve("Hello.jomp");
        Files.writeString(jomp, HELLO);
        Path out = dir.resolve("out");
        int status = Jompc.run(new String[] {"-d", out.toString(), jomp.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true));
        assertEquals(0, status);
        assertTrue(Files.isRegularFile(out.resolve("Hello.java")));
    }
}
