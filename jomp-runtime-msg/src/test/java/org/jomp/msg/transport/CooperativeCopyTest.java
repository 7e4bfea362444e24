package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A large shared-memory copy taken in chunks by the copier and by a thread waiting on the operation's completion:
 * every element arrives once whoever copies it, a spinning waiter takes chunks, and the copier returns only when
 * every chunk has been copied.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CooperativeCopyTest {
    private static final Class<?>[] KINDS = {
        byte[].class, boolean[].class, short[].class, char[].class, int[].class, float[].class, long[].class,
        double[].class
    };

    @Test
    void everyKindArrivesWholeAtAnyOffsetAndLength() {
        for (Class<?> type : KINDS) {
            int bytes = PayloadKind.ofArray(Array.newInstance(type.componentType(), 0)).bytesPerElement();
            int chunk = CooperativeCopy.CHUNK_BYTES / bytes;
            for (int count : new int[] {1, chunk - 1, 2 * chunk - 1, 2 * chunk, 2 * chunk + 1, 5 * chunk + 7}) {
                Object src = pattern(type, count + 3, 1);
                Object dest = pattern(type, count + 9, 2);
                Object expected = pattern(type, count + 9, 2);
                System.arraycopy(src, 3, expected, 5, count);
                CooperativeCopy.copy(src, 3, dest, 5, count, bytes, new Completion(), null);
                assertTrue(equal(expected, dest), type.getSimpleName() + " count " + count);
            }
        }
    }

    @Test
    void onlyCopiesOfTwoChunksOrMoreAreShared() {
        int chunk = CooperativeCopy.CHUNK_BYTES / 8;
        assertNull(CooperativeCopy.inChunks(new double[2 * chunk], 0, new double[2 * chunk], 0, 2 * chunk - 1, 8));
        assertNotNull(CooperativeCopy.inChunks(new double[2 * chunk], 0, new double[2 * chunk], 0, 2 * chunk, 8));
    }

    @Test
    void aSpinningWaiterCopiesTheChunksOfferedToIt() throws Exception {
        int n = 8 * CooperativeCopy.CHUNK_BYTES + 13;
        byte[] src = (byte[]) pattern(byte[].class, n, 3);
        byte[] dest = new byte[n];
        CooperativeCopy copy = CooperativeCopy.inChunks(src, 0, dest, 0, n, 1);
        Completion done = new Completion();
        done.offer(copy);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                done.await(new MatchingEngine());
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        waiter.start();
        // Nobody else copies: the data can only arrive through the waiter (a waiter that never helps times out).
        while (!Arrays.equals(src, dest)) {
            Thread.sleep(1);
        }
        copy.run();
        done.complete();
        waiter.join();
        assertNull(failure.get());
    }

    @Test
    void theCopierReturnsOnlyOnceTheWaitersChunksAreCopiedToo() throws Exception {
        int chunk = CooperativeCopy.CHUNK_BYTES / 8;
        int n = 32 * chunk + 5;
        double[] src = (double[]) pattern(double[].class, n, 4);
        for (int round = 0; round < 200; round++) {
            double[] dest = new double[n];
            CooperativeCopy copy = CooperativeCopy.inChunks(src, 0, dest, 0, n, 8);
            Completion done = new Completion();
            done.offer(copy);
            CountDownLatch waiting = new CountDownLatch(1);
            Thread waiter = new Thread(() -> {
                MatchingEngine engine = new MatchingEngine();
                waiting.countDown();
                done.await(engine);
            });
            waiter.start();
            waiting.await();
            copy.run();
            // A chunk is copied front to back: its last element is the last to arrive. Checked at once, before
            // a helper still copying could finish.
            for (int end = chunk; end < n + chunk; end += chunk) {
                int last = Math.min(end, n) - 1;
                assertEquals(src[last], dest[last], "round " + round + ": element " + last);
            }
            assertArrayEquals(src, dest, "round " + round);
            done.complete();
            waiter.join();
        }
    }

    @Test
    void aChunkBelowAPageIsRefusedNamingTheProperty() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CooperativeCopy.chunkBytes("512"));
        assertEquals("-Djomp.msg.copyChunk=512: expected a number of bytes of at least 4096", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CooperativeCopy.chunkBytes("64k"));
        assertEquals(65536, CooperativeCopy.chunkBytes("65536"));
    }

    /** An array of {@code type} whose elements follow from their index and {@code seed}. */
    private static Object pattern(Class<?> type, int length, int seed) {
        Object a = Array.newInstance(type.componentType(), length);
        for (int i = 0; i < length; i++) {
            long v = (long) i * 31 + seed * 7L;
            if (type == boolean[].class) {
                Array.setBoolean(a, i, (v % 3) == 0);
            } else if (type == char[].class) {
                Array.setChar(a, i, (char) v);
            } else if (type == byte[].class) {
                Array.setByte(a, i, (byte) v);
            } else if (type == short[].class) {
                Array.setShort(a, i, (short) v);
            } else if (type == int[].class) {
                Array.setInt(a, i, (int) v);
            } else if (type == float[].class) {
                Array.setFloat(a, i, v);
            } else if (type == long[].class) {
                Array.setLong(a, i, v);
            } else {
                Array.setDouble(a, i, v);
            }
        }
        return a;
    }

    private static boolean equal(Object a, Object b) {
        int n = Array.getLength(a);
        if (n != Array.getLength(b)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!Array.get(a, i).equals(Array.get(b, i))) {
                return false;
            }
        }
        return true;
    }
}
