package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code Omp.inWholeTeam()} and the master/masked entry points: an orphaned construct that synchronises the team
 * must know whether every thread of it is there, or only the one running a single, master, section, loop
 * iteration or task.
 */
class WholeTeamTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    /** What {@code Omp.inWholeTeam()} answered where, one entry per thread and place. */
    private final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();

    private void record(String where) {
        seen.add(where + "=" + Omp.inWholeTeam());
    }

    private long count(String entry) {
        return seen.stream().filter(entry::equals).count();
    }

    @Test
    void outsideAnyRegionOneThreadIsThere() {
        assertFalse(Omp.inWholeTeam());
        Omp.parallel(1, true, () -> record("team of one"));
        Omp.parallel(4, false, () -> record("if(false)"));
        assertEquals(1, count("team of one=false"));
        assertEquals(1, count("if(false)=false"));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void everyThreadOfARegionIsTheWholeTeamUntilItEntersAOneThreadBlock(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            Omp.parallel(n, true, () -> {
                record("region");
                if (Omp.singleBegin()) {
                    record("single");
                }
                Omp.singleEnd(false);
                record("after single");
                if (Omp.singleBegin()) {
                    record("single nowait");
                }
                Omp.singleEnd(true);
                record("after single nowait");
                Object[] v = Omp.copyPrivate(Omp.singleBegin() ? new Object[] {"x"} : null);
                assertEquals("x", v[0]);
                record("after copyprivate");
                if (Omp.masterBegin(0)) {
                    try {
                        record("master");
                        if (Omp.masterBegin(0)) {
                            try {
                                record("nested master");
                            } finally {
                                Omp.masterEnd();
                            }
                        }
                        record("master after nested");
                    } finally {
                        Omp.masterEnd();
                    }
                }
                if (Omp.masterBegin(n - 1)) {
                    try {
                        record("masked");
                    } finally {
                        Omp.masterEnd();
                    }
                }
                record("after master");
            });
            for (String whole : new String[] {"region", "after single", "after single nowait", "after copyprivate",
                    "after master"}) {
                assertEquals(n, count(whole + "=true"), whole + ": " + seen);
            }
            for (String one : new String[] {"single", "single nowait", "master", "nested master",
                    "master after nested", "masked"}) {
                assertEquals(1, count(one + "=false"), one + ": " + seen);
                assertEquals(0, count(one + "=true"), one + ": " + seen);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void sectionsLoopIterationsAndTasksAreRunByOneThread(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            Omp.parallel(n, true, () -> {
                Sections s = Omp.sections(3);
                for (int k; (k = s.next()) >= 0; ) {
                    record("section");
                }
                s.end(false);
                record("after sections");
                Loop loop = Omp.loop(0, 8, 1, Schedule.dynamic(1), 0);
                while (loop.next()) {
                    for (long i = loop.longStart(); i < loop.longEnd(); i++) {
                        record("iteration");
                    }
                }
                loop.end(false);
                record("after loop");
                if (Omp.singleBegin()) {
                    for (int t = 0; t < 3; t++) {
                        Omp.task(() -> record("task"));
                    }
                }
                Omp.singleEnd(false);
                record("after tasks");
            });
            assertEquals(3, count("section=false"), seen.toString());
            assertEquals(8, count("iteration=false"), seen.toString());
            assertEquals(3, count("task=false"), seen.toString());
            for (String whole : new String[] {"after sections", "after loop", "after tasks"}) {
                assertEquals(n, count(whole + "=true"), whole + ": " + seen);
            }
        });
    }

    @Test
    void aNestedTeamIsAWholeTeamOfItsOwnInsideAMasterOfTheOuter() {
        assertTimeoutPreemptively(LIMIT, () -> {
            int active = Omp.maxActiveLevels();
            Omp.setMaxActiveLevels(2);
            try {
                Omp.parallel(2, true, () -> {
                    if (Omp.masterBegin(0)) {
                        try {
                            Omp.parallel(2, true, () -> record("inner"));
                            Omp.parallel(1, true, () -> record("inner of one"));
                            record("outer master");
                        } finally {
                            Omp.masterEnd();
                        }
                    }
                });
            } finally {
                Omp.setMaxActiveLevels(active);
            }
            assertEquals(2, count("inner=true"), seen.toString());
            assertEquals(1, count("inner of one=false"), seen.toString());
            assertEquals(1, count("outer master=false"), seen.toString());
        });
    }

    @Test
    void aRegionStartsWithNoOneThreadBlockLeftOverFromAnExceptionInTheLastOne() {
        assertTimeoutPreemptively(LIMIT, () -> {
            assertThrows(IllegalStateException.class, () -> Omp.parallel(2, true, () -> {
                if (Omp.masterBegin(0)) {
                    throw new IllegalStateException("left without masterEnd");
                }
            }));
            AtomicInteger whole = new AtomicInteger();
            Omp.parallel(2, true, () -> {
                if (Omp.inWholeTeam()) {
                    whole.incrementAndGet();
                }
            });
            assertEquals(2, whole.get());
        });
    }

    @Test
    void masterEndWithoutBeginSaysSo() {
        IllegalStateException e = assertThrows(IllegalStateException.class, Omp::masterEnd);
        assertTrue(e.getMessage().contains("masterEnd without a matching masterBegin"), e.getMessage());
    }

    @Test
    void maskedWithAFilterOutsideTheTeamRunsNowhere() {
        AtomicInteger ran = new AtomicInteger();
        Omp.parallel(2, true, () -> {
            if (Omp.masterBegin(5)) {
                ran.incrementAndGet();
                Omp.masterEnd();
            }
        });
        assertEquals(0, ran.get());
    }
}
