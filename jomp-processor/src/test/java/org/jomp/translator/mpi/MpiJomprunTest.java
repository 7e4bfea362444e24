package org.jomp.translator.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jomp.msg.launch.Jomprun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The whole //mpi corpus run as real jobs by jomprun (run in this JVM, as jomp-runtime-msg's JomprunTest does):
 * on the socket transport, every program at 1, 2, 3 and 4 rank JVMs x 1 and 2 threads; then a program each on the
 * hybrid transport (JVMs of several thread ranks) and as thread ranks of one JVM started by the translated main's
 * Comm.init under -Djomp.np (--transport shm). The oracle is the one of the thread-rank runs
 * ({@link MpiExecutionTest}): the untranslated program's output, or for Collectives the output computed from the
 * meaning of each collective.
 *
 * <p>Starting JVMs is what costs, so a socket job runs every program of the corpus one after the other:
 * {@link #DRIVER} joins the job, then calls each translated main in the same world (Comm.init returns the job's
 * world to a rank that has joined). Eight socket jobs, twenty JVMs; the class takes about 20 s on a loaded 2-core
 * machine. Rank 0's lines carry jomprun's prefix, which is taken off before comparing.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MpiJomprunTest {

    /** Classes the rank JVMs may deserialise beyond the JDK's (jomp-runtime-msg's ObjectAllowList). */
    private static final String ALLOWED = "Collectives$Point,Orphaned$Tally";

    /** A main that joins the job, then runs the corpus mains given after (threads, ranks), rank 0 naming each. */
    private static final String DRIVER = """
            public class CorpusDriver {
                public static void main(String[] args) throws Exception {
                    org.jomp.msg.Comm world = org.jomp.msg.Comm.init(args);
                    for (int i = 2; i < args.length; i++) {
                        if (world.rank() == 0) {
                            System.out.println("== " + args[i]);
                        }
                        Class.forName(args[i]).getMethod("main", String[].class)
                                .invoke(null, (Object) new String[] {args[0], args[1]});
                    }
                }
            }
            """;

    private static MpiPrograms.Compiled corpus;
    /** The untranslated output of each program that has no computed oracle, by name. */
    private static Map<String, String> sequential;

    @BeforeAll
    static void translateTheCorpus() {
        Map<String, String> sources = new LinkedHashMap<>();
        sequential = new LinkedHashMap<>();
        for (String name : MpiPrograms.names()) {
            String source = MpiPrograms.source(name);
            if (!MpiExecutionTest.ORACLES.containsKey(name)) {
                sequential.put(name, MpiPrograms.runPlain(MpiPrograms.compile(name, source), "1", "1"));
            }
            sources.put(name, MpiPrograms.translate(name, source).output());
        }
        sources.put("CorpusDriver", DRIVER);
        corpus = MpiPrograms.compileAll("CorpusDriver", sources);
    }

    private static String expected(String name, int np) {
        var oracle = MpiExecutionTest.ORACLES.get(name);
        return oracle != null ? oracle.apply(np) : sequential.get(name);
    }

    @ParameterizedTest(name = "corpus on {0} rank JVM(s) x {1} thread(s), sockets")
    @CsvSource({"1, 1", "1, 2", "2, 1", "2, 2", "3, 1", "3, 2", "4, 1", "4, 2"})
    void everyProgramOnSocketRankJvms(int np, int threads) {
        List<String> names = MpiPrograms.names();
        List<String> args = new ArrayList<>(List.of(Integer.toString(threads), Integer.toString(np)));
        args.addAll(names);
        String printed = job("sockets", np, threads, 1, "CorpusDriver", args);
        String expected = names.stream().map(n -> "== " + n + "\n" + expected(n, np)).collect(Collectors.joining());
        assertEquals(expected, rankZero(printed, "[0] "), printed);
    }

    @ParameterizedTest(name = "{0} on {1} ranks x {2} thread(s), transport {4}, {3} rank(s) per JVM")
    @CsvSource({"RowBlocks, 4, 2, 2, hybrid", "Hybrid, 3, 2, 2, hybrid", "DeclaredReductions, 3, 2, 1, shm"})
    void oneProgramOnOtherTransports(String name, int np, int threads, int ranksPerJvm, String transport) {
        String printed = job(transport, np, threads, ranksPerJvm, name,
                List.of(Integer.toString(threads), Integer.toString(np)));
        // jomprun prefixes a line with the ranks of its JVM in a hybrid job ([0-1]), and with nothing when all
        // ranks are threads of one JVM (shm: -Djomp.np, Comm.init starting the ranks).
        String prefix = transport.equals("shm") ? "" : "[0-" + (ranksPerJvm - 1) + "] ";
        assertEquals(expected(name, np), rankZero(printed, prefix), printed);
    }

    /** Runs a jomprun job of the translated corpus and returns what it printed, failing on a non-zero status. */
    private static String job(String transport, int np, int threads, int ranksPerJvm, String main,
                              List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String classPath = corpus.classes() + File.pathSeparator + System.getProperty("java.class.path");
        List<String> argv = new ArrayList<>(List.of("-cp", classPath, "-J-XX:TieredStopAtLevel=1",
                "-J-Djomp.msg.serialAllow=" + ALLOWED, "--transport", transport, "-np", Integer.toString(np),
                "--threads-per-rank", Integer.toString(threads)));
        if (transport.equals("hybrid")) {
            argv.addAll(List.of("--ranks-per-jvm", Integer.toString(ranksPerJvm)));
        }
        argv.add(main);
        argv.addAll(args);
        int status = Jomprun.run(argv.toArray(String[]::new), new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, () -> printed + err.toString(StandardCharsets.UTF_8));
        return printed;
    }

    /** Rank 0's lines without their prefix; every line printed must be rank 0's (the corpus prints on rank 0). */
    private static String rankZero(String printed, String prefix) {
        List<String> lines = printed.lines().toList();
        String rankZero = lines.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()))
                .collect(Collectors.joining("\n", "", "\n"));
        assertTrue(!lines.isEmpty() && lines.size() == rankZero.lines().count(),
                () -> "only rank 0 prints:\n" + printed);
        return rankZero;
    }
}
