package org.jomp.translator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.Test;

/**
 * A file that uses classes of its own package named like runtime types ({@code Schedule}, {@code Loop}): an import of
 * the runtime's would shadow them, so the translation names the runtime's types in full. The classes live in other
 * files, which the translator never sees.
 */
class SamePackageNamesTest {
    private static final String SCHEDULE = """
            package demo;

            record Schedule(String day, int hours) {
            }
            """;
    private static final String LOOP = """
            package demo;

            final class Loop {
                static int laps(int n) {
                    return 2 * n;
                }
            }
            """;
    private static final String PLANNER = """
            package demo;

            public final class Planner {
                public static void main(String[] args) {
                    Schedule week = new Schedule("monday", 3);
                    long total = 0;
                    //omp parallel for reduction(+:total) schedule(dynamic, 2)
                    for (int i = 0; i < 1000; i++) {
                        total += Loop.laps(i) + week.hours();
                    }
                    System.out.println(week.day() + " " + total);
                }
            }
            """;

    @Test
    void classesOfTheFilesPackageKeepTheirNames() throws Exception {
        Translation t = new Translator(TranslatorOptions.defaults()).translate("demo/Planner.java", PLANNER);
        assertFalse(t.hasErrors(), t.diagnostics()::toString);
        assertFalse(t.output().contains("import org.jomp.runtime.Schedule;"), t.output());
        assertFalse(t.output().contains("import org.jomp.runtime.Loop;"), t.output());
        Map<String, String> sources = new HashMap<>();
        sources.put("demo/Schedule.java", SCHEDULE);
        sources.put("demo/Loop.java", LOOP);
        sources.put("demo/Planner.java", t.output());
        Map<String, byte[]> classes = new HashMap<>();
        for (InMemoryCompiler.Result r : new InMemoryCompiler().compileAll(sources).values()) {
            assertTrue(r.ok(), r.errors());
            classes.putAll(r.classes());
        }
        long expected = 0;
        for (int i = 0; i < 1000; i++) {
            expected += 2L * i + 3;
        }
        for (int threads : new int[] {1, 2, 4}) {
            ProgramRunner.Outcome out = ProgramRunner.run(classes, "demo.Planner", threads, null);
            assertNull(out.thrown(), () -> CorpusExecutionTest.stackTrace(out.thrown()));
            assertEquals("monday " + expected, out.stdout().strip(), threads + " threads");
        }
    }
}
