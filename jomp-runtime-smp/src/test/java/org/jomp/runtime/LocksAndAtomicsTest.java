package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LocksAndAtomicsTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static final int ROUNDS = 5000;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void simpleLockExcludes(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            Lock lock = new Lock();
            int[] counter = {0};
            AtomicInteger tested = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                for (int k = 0; k < ROUNDS; k++) {
                    if ((k & 7) == 0 && lock.test()) {
                        tested.incrementAndGet();
                    } else {
                        lock.set();
                    }
                    try {
                        counter[0]++;
                    } finally {
                        lock.unset();
                    }
                }
            });
            assertEquals(n * ROUNDS, counter[0]);
            assertTrue(tested.get() > 0, "test() took a free lock at least once");
        });
    }

    @Test
    void simpleLockMisuseIsReported() {
        Lock lock = new Lock();
        assertThrows(IllegalStateException.class, lock::unset);
        lock.set();
        IllegalStateException e = assertThrows(IllegalStateException.class, lock::set);
        assertTrue(e.getMessage().contains("not reentrant"), e.getMessage());
        lock.unset();
        assertTrue(lock.test());
        lock.unset();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void nestLockNestsInItsHolderAndExcludesOthers(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            NestLock lock = new NestLock();
            int[] counter = {0};
            AtomicInteger wrongCount = new AtomicInteger();
            Omp.parallel(n, true, () -> {
                for (int k = 0; k < ROUNDS; k++) {
                    lock.set();
                    if (lock.test() != 2) {
                        wrongCount.incrementAndGet();
                    }
                    counter[0]++;
                    lock.unset();
                    lock.unset();
                }
            });
            assertEquals(n * ROUNDS, counter[0]);
            assertEquals(0, wrongCount.get());
        });
        NestLock lock = new NestLock();
        assertThrows(IllegalStateException.class, lock::unset);
        assertEquals(1, lock.test());
        Thread other = new Thread(() -> assertEquals(0, lock.test()));
        other.start();
        assertTimeoutPreemptively(LIMIT, () -> other.join());
        lock.unset();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void atomicUpdatesUnderContentionGiveExactCounts(int n) {
        assertTimeoutPreemptively(LIMIT, () -> {
            int[] i = {0};
            long[] l = {0};
            double[] d = {0};
            float[] f = {0};
            short[] s = {0};
            byte[] b = {0};
            char[] c = {0};
            boolean[] z = {false};
            int[] max = {Integer.MIN_VALUE};
            long[] captured = new long[n * ROUNDS];
            Omp.parallel(n, true, () -> {
                int me = Omp.threadNum();
                for (int k = 0; k < ROUNDS; k++) {
                    Atomic.getAndAdd(i, 0, 1);
                    captured[(int) Atomic.getAndAdd(l, 0, 1L)]++;
                    Atomic.addAndGet(d, 0, 0.5);
                    Atomic.update(f, 0, Float::sum, 1f);
                    Atomic.update(s, 0, (x, y) -> (short) (x + y), (short) 1);
                    Atomic.getAndAdd(b, 0, (byte) 1);
                    Atomic.update(c, 0, (x, y) -> (char) (x + y), (char) 1);
                    Atomic.update(z, 0, (x, y) -> x ^ y, true);
                    Atomic.update(max, 0, Math::max, me * ROUNDS + k);
                }
            });
            int total = n * ROUNDS;
            assertEquals(total, Atomic.read(i, 0));
            assertEquals(total, Atomic.read(l, 0));
            for (int k = 0; k < total; k++) {
                assertEquals(1, captured[k], "getAndAdd captured " + k + " more or less than once");
            }
            assertEquals(total * 0.5, Atomic.read(d, 0));
            assertEquals(total, Atomic.read(f, 0));
            assertEquals((short) total, Atomic.read(s, 0));
            assertEquals((byte) total, Atomic.read(b, 0));
            assertEquals((char) total, Atomic.read(c, 0));
            assertEquals(total % 2 == 1, Atomic.read(z, 0));
            assertEquals(total - 1, Atomic.read(max, 0));
        });
    }

    @Test
    void atomicCaptureAndWrite() {
        int[] a = {5};
        assertEquals(5, Atomic.getAndUpdate(a, 0, (x, y) -> x * y, 3));
        assertEquals(15, Atomic.read(a, 0));
        assertEquals(16, Atomic.addAndGet(a, 0, 1));
        Atomic.write(a, 0, 2);
        assertEquals(2, a[0]);
        double[] d = {Double.NaN};
        assertTrue(Double.isNaN(Atomic.update(d, 0, Double::sum, 1.0)), "NaN updates terminate");
        Atomic.lock();
        Atomic.unlock();
        assertThrows(IllegalStateException.class, Atomic::unlock);
    }

    @Test
    void threadPrivateCopiesPersistInWorkersAcrossRegions() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ThreadPrivate.OfInt counter = ThreadPrivate.ofInt(100);
            ThreadPrivate<StringBuilder> log = ThreadPrivate.of(StringBuilder::new);
            for (int r = 0; r < 3; r++) {
                Omp.parallel(3, true, () -> {
                    counter.set(counter.get() + 1);
                    log.get().append('x');
                });
            }
            AtomicInteger wrong = new AtomicInteger();
            Omp.parallel(3, true, () -> {
                if (counter.get() != 103 || log.get().length() != 3) {
                    wrong.incrementAndGet();
                }
            });
            assertEquals(0, wrong.get());
            assertEquals(103, counter.get(), "the master's copy is the original variable");
        });
        ThreadPrivate.OfLong l = ThreadPrivate.ofLong(7);
        ThreadPrivate.OfDouble d = ThreadPrivate.ofDouble(0.5);
        ThreadPrivate.OfBoolean z = ThreadPrivate.ofBoolean(true);
        l.set(l.get() + 1);
        d.set(d.get() * 2);
        z.set(!z.get());
        assertEquals(8, l.get());
        assertEquals(1.0, d.get());
        assertFalse(z.get());
        assertThrows(IllegalArgumentException.class, () -> ThreadPrivate.of(null));
    }

    @Test
    void jompCompatibilityApiDelegates() {
        assertTimeoutPreemptively(LIMIT, () -> {
            jomp.runtime.OMP.setNumThreads(3);
            assertEquals(3, jomp.runtime.OMP.getMaxThreads());
            jomp.runtime.OMP.setNested(true);
            assertTrue(jomp.runtime.OMP.getNested());
            jomp.runtime.OMP.setDynamic(false);
            assertFalse(jomp.runtime.OMP.getDynamic());
            int[] seen = new int[3];
            Omp.parallel(() -> {
                seen[jomp.runtime.OMP.getThreadNum()] = jomp.runtime.OMP.getNumThreads();
                assertTrue(jomp.runtime.OMP.inParallel());
            });
            assertArrayEquals(new int[] {3, 3, 3}, seen);
            assertFalse(jomp.runtime.OMP.inParallel());
            jomp.runtime.OMP.setNested(false);
            assertEquals(1, jomp.runtime.OMP.getMaxActiveLevels());
            jomp.runtime.Lock lock = new jomp.runtime.Lock();
            lock.set();
            assertFalse(lock.test());
            lock.unset();
            jomp.runtime.NestLock nest = new jomp.runtime.NestLock();
            nest.set();
            assertEquals(2, nest.test());
            nest.unset();
            nest.unset();
        });
    }
}
