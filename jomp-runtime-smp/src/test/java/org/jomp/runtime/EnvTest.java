package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EnvTest {

    private final ByteArrayOutputStream warnings = new ByteArrayOutputStream();

    private Env parse(Map<String, String> env, Properties props) {
        return Env.parse(env, props, new PrintStream(warnings, true, StandardCharsets.UTF_8));
    }

    private Env parse(String... keyValues) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            env.put(keyValues[i], keyValues[i + 1]);
        }
        return parse(env, new Properties());
    }

    private String warnings() {
        return warnings.toString(StandardCharsets.UTF_8);
    }

    @Test
    void defaultsWithAnEmptyEnvironment() {
        Env e = parse();
        assertArrayEquals(new int[] {Runtime.getRuntime().availableProcessors()}, e.numThreads());
        assertEquals(Schedule.STATIC, e.schedule());
        assertEquals(false, e.dynamic());
        assertEquals(1, e.maxActiveLevels());
        assertEquals(Integer.MAX_VALUE, e.threadLimit());
        assertEquals(WaitPolicy.DEFAULT, e.waitPolicy());
        assertEquals(false, e.cancellation());
        assertEquals("", warnings());
    }

    @Test
    void goodValues() {
        Env e = parse("OMP_NUM_THREADS", "4, 2,1", "OMP_SCHEDULE", "nonmonotonic:guided,3", "OMP_DYNAMIC", "TRUE",
                "OMP_THREAD_LIMIT", "6", "OMP_WAIT_POLICY", "Passive", "OMP_CANCELLATION", "true");
        assertArrayEquals(new int[] {4, 2, 1}, e.numThreads());
        assertEquals(Schedule.guided(3), e.schedule());
        assertEquals(true, e.dynamic());
        assertEquals(Env.SUPPORTED_ACTIVE_LEVELS, e.maxActiveLevels(), "a list of team sizes enables nesting");
        assertEquals(6, e.threadLimit());
        assertEquals(WaitPolicy.PASSIVE, e.waitPolicy());
        assertEquals(true, e.cancellation());
        assertEquals("", warnings());
    }

    @Test
    void nestingVariables() {
        assertEquals(Env.SUPPORTED_ACTIVE_LEVELS, parse("OMP_NESTED", "true").maxActiveLevels());
        assertEquals(1, parse("OMP_NUM_THREADS", "2,2", "OMP_NESTED", "false").maxActiveLevels());
        assertEquals(3, parse("OMP_NESTED", "false", "OMP_MAX_ACTIVE_LEVELS", "3").maxActiveLevels());
        assertEquals(Env.SUPPORTED_ACTIVE_LEVELS, parse("OMP_MAX_ACTIVE_LEVELS", "100000").maxActiveLevels());
        assertEquals("", warnings());
    }

    @Test
    void systemPropertiesTakePrecedence() {
        Map<String, String> env = new HashMap<>();
        env.put("OMP_NUM_THREADS", "8");
        env.put("OMP_SCHEDULE", "static");
        Properties props = new Properties();
        props.setProperty("jomp.threads", "3");
        props.setProperty("jomp.schedule", "dynamic,5");
        Env e = parse(env, props);
        assertArrayEquals(new int[] {3}, e.numThreads());
        assertEquals(Schedule.dynamic(5), e.schedule());
    }

    @Test
    void everyBadValueWarnsOnceNamingVariableAndValueAndFallsBack() {
        Map<String, String> env = new HashMap<>();
        env.put("OMP_NUM_THREADS", "4,zero");
        env.put("OMP_SCHEDULE", "sometimes");
        env.put("OMP_DYNAMIC", "yes");
        env.put("OMP_NESTED", "maybe");
        env.put("OMP_MAX_ACTIVE_LEVELS", "-2");
        env.put("OMP_THREAD_LIMIT", "0");
        env.put("OMP_WAIT_POLICY", "lazy");
        env.put("OMP_DISPLAY_ENV", "loud");
        env.put("OMP_CANCELLATION", "1");
        Properties props = new Properties();
        props.setProperty("jomp.threads", "-1");
        props.setProperty("jomp.schedule", "dynamic,0");
        Env e = parse(env, props);
        String w = warnings();
        String[][] expected = {
            {"OMP_NUM_THREADS", "4,zero"}, {"OMP_SCHEDULE", "sometimes"}, {"OMP_DYNAMIC", "yes"},
            {"OMP_NESTED", "maybe"}, {"OMP_MAX_ACTIVE_LEVELS", "-2"}, {"OMP_THREAD_LIMIT", "0"},
            {"OMP_WAIT_POLICY", "lazy"}, {"OMP_DISPLAY_ENV", "loud"}, {"OMP_CANCELLATION", "1"},
            {"-Djomp.threads", "-1"}, {"-Djomp.schedule", "dynamic,0"},
        };
        for (String[] nv : expected) {
            assertTrue(w.contains("'" + nv[1] + "' for " + nv[0] + " "), "warning for " + nv[0] + " in:\n" + w);
        }
        assertEquals(expected.length, w.lines().count(), w);
        assertArrayEquals(new int[] {Runtime.getRuntime().availableProcessors()}, e.numThreads());
        assertEquals(Schedule.STATIC, e.schedule());
        assertEquals(1, e.maxActiveLevels());
        assertEquals(Integer.MAX_VALUE, e.threadLimit());
        assertEquals(WaitPolicy.DEFAULT, e.waitPolicy());
    }

    @Test
    void displayEnvPrintsTheIcvsLikeLibgomp() {
        Env e = parse("OMP_NUM_THREADS", "3,2", "OMP_SCHEDULE", "dynamic,2", "OMP_DISPLAY_ENV", "verbose");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        e.display(new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("OPENMP DISPLAY ENVIRONMENT BEGIN"), text);
        assertTrue(text.contains("  OMP_NUM_THREADS = '3,2'"), text);
        assertTrue(text.contains("  OMP_SCHEDULE = 'DYNAMIC,2'"), text);
        assertTrue(text.contains("  OMP_NESTED = 'TRUE'"), text);
        assertTrue(text.contains("  OMP_WAIT_POLICY = 'DEFAULT'"), "unset: neither active nor passive\n" + text);
        assertTrue(text.contains("OPENMP DISPLAY ENVIRONMENT END"), text);
        for (String policy : new String[] {"active", "passive"}) {
            out.reset();
            parse("OMP_WAIT_POLICY", policy).display(new PrintStream(out, true, StandardCharsets.UTF_8));
            String shown = out.toString(StandardCharsets.UTF_8);
            assertTrue(shown.contains("  OMP_WAIT_POLICY = '" + policy.toUpperCase(Locale.ROOT) + "'"), shown);
        }
    }

    @Test
    void nullSourcesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Env.parse(null, new Properties(), System.err));
    }

    @Test
    void scheduleParsing() {
        assertEquals(Schedule.STATIC, Schedule.parse("static"));
        assertEquals(Schedule.staticChunk(4), Schedule.parse(" STATIC , 4 "));
        assertEquals(Schedule.dynamic(1).monotonic(), Schedule.parse("monotonic:dynamic,1"));
        assertTrue(Schedule.parse("Monotonic : dynamic").isMonotonic());
        assertEquals(Schedule.dynamic(2), Schedule.parse("nonmonotonic:dynamic,2"));
        assertFalse(Schedule.parse("dynamic,2").isMonotonic(), "dynamic is nonmonotonic unless asked (OpenMP 5)");
        assertNotEquals(Schedule.dynamic(2), Schedule.dynamic(2).monotonic());
        assertEquals("MONOTONIC:DYNAMIC,1", Schedule.parse("monotonic:dynamic,1").toString());
        assertEquals(Schedule.parse("monotonic:dynamic,1"), Schedule.parse(Schedule.dynamic(1).monotonic().toString()));
        assertEquals(Schedule.AUTO, Schedule.parse("auto"));
        assertEquals(Schedule.Kind.DYNAMIC, Schedule.parse("dynamic").kind());
        assertEquals(0, Schedule.parse("dynamic").chunk());
        for (String bad : new String[] {"", "fast", "dynamic,", "dynamic,-1", "dynamic,x", "odd:static", "auto,2"}) {
            IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> Schedule.parse(bad));
            assertTrue(ex.getMessage().contains("'" + bad + "'"), ex.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Schedule.dynamic(0));
        assertThrows(IllegalArgumentException.class, () -> Schedule.of(null, 1));
        assertEquals("GUIDED,7", Schedule.guided(7).toString());
    }

    @Test
    void runtimeScheduleFollowsTheIcv() {
        Schedule before = Omp.getSchedule();
        try {
            Omp.setSchedule(Schedule.staticChunk(2));
            int[] owner = new int[8];
            Omp.parallel(2, true, () -> {
                Loop l = Omp.loop(0, 8, 1, Schedule.RUNTIME, 0);
                while (l.next()) {
                    for (int i = l.intStart(); i < l.intEnd(); i++) {
                        owner[i] = Omp.threadNum();
                    }
                }
                l.end(false);
            });
            assertArrayEquals(new int[] {0, 0, 1, 1, 0, 0, 1, 1}, owner);
        } finally {
            Omp.setSchedule(before);
        }
    }

    @Test
    void teamSizeListIsConsumedOneLevelPerNestedRegion() {
        Icv initial = parse("OMP_NUM_THREADS", "4,2,3").initialIcv();
        assertEquals(4, initial.nthreads);
        Icv level1 = new Icv(initial);
        level1.inheritFrom(initial);
        Icv level2 = new Icv(initial);
        level2.inheritFrom(level1);
        Icv level3 = new Icv(initial);
        level3.inheritFrom(level2);
        assertArrayEquals(new int[] {2, 3, 3}, new int[] {level1.nthreads, level2.nthreads, level3.nthreads},
                "each level takes the next element; the last one repeats");
        level1.nthreads = 7;
        Icv changed = new Icv(initial);
        changed.inheritFrom(level1);
        assertEquals(3, changed.nthreads, "setNumThreads replaces only the thread's own first element");
    }
}
