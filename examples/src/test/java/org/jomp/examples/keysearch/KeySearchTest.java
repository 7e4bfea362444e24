package org.jomp.examples.keysearch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeySearchTest {
    private static final int UNKNOWN_BITS = 11;
    private static final KeySearchProblem.Planted PLANTED;
    private static final KeySearchProblem PROBLEM;

    static {
        try {
            PLANTED = KeySearchProblem.plant(UNKNOWN_BITS, 29);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
        PROBLEM = PLANTED.problem();
    }

    /** Found means: the key is the planted one, and it encrypts the plaintext to the ciphertext (checked anew). */
    private static void assertFoundThePlantedKey(KeySearchResult r, String what) throws Exception {
        assertArrayEquals(PLANTED.key(), r.key(), what);
        Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
        aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(r.key(), "AES"));
        assertArrayEquals(PROBLEM.ciphertext(), aes.doFinal(PROBLEM.plaintext()), what);
    }

    @Test
    void sequentialFindsThePlantedKey() throws Exception {
        assertFoundThePlantedKey(KeySearchSequential.search(PROBLEM), "sequential");
    }

    @Test
    void plantingHidesExactlyTheUnknownBits() {
        byte[] key = PLANTED.key();
        byte[] partial = PROBLEM.partialKey();
        assertArrayEquals(Arrays.copyOf(key, 30), Arrays.copyOf(partial, 30), "known bytes kept");
        assertEquals(key[30] & 0xf8, partial[30] & 0xff, "the low 3 bits of byte 30 hidden");
        assertEquals(0, partial[31]);
        assertEquals(1L << UNKNOWN_BITS, PROBLEM.candidates());
    }

    @Test
    void wrongCiphertextFindsNothing() throws Exception {
        byte[] other = PROBLEM.ciphertext().clone();
        other[0] ^= 1;
        KeySearchProblem p = new KeySearchProblem(PROBLEM.plaintext(), other, PROBLEM.partialKey(), 6);
        KeySearchResult r = KeySearchSequential.search(p);
        assertEquals(KeySearchResult.NONE, r.candidate());
        assertNull(r.key());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionFindsThePlantedKey(int threads) throws Exception {
        assertFoundThePlantedKey(KeySearchOmp.search(PROBLEM, threads), "omp, " + threads + " threads");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void handWrittenVersionFindsThePlantedKey(int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            assertFoundThePlantedKey(KeySearchThreads.search(PROBLEM, pool, threads), "threads, " + threads);
        } finally {
            pool.shutdown();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void spmdAndHybridVersionsFindThePlantedKeyOnEveryRank(int ranks) throws Exception {
        for (boolean hybrid : new boolean[] {false, true}) {
            KeySearchResult[] results = new KeySearchResult[ranks];
            EmbeddedLauncher.run(ranks, world -> {
                Omp.setNumThreads(2);
                results[world.rank()] = hybrid ? KeySearchHybrid.search(world, PROBLEM)
                        : KeySearchSpmd.search(world, PROBLEM);
            });
            for (int r = 0; r < ranks; r++) {
                String what = (hybrid ? "hybrid" : "spmd") + " with " + ranks + " ranks, rank " + r;
                assertFoundThePlantedKey(results[r], what);
            }
        }
    }

    @Test
    void badInputIsRejectedWithWhatAndWhere() {
        assertEquals("KeySearchProblem: unknownBits = 0 must be in 1..48",
                assertThrows(IllegalArgumentException.class, () -> KeySearchProblem.plant(0, 1)).getMessage());
        assertEquals("KeySearchProblem: unknownBits = 49 must be in 1..48",
                assertThrows(IllegalArgumentException.class, () -> KeySearchProblem.plant(49, 1)).getMessage());
        assertEquals("KeySearchProblem: partialKey must be 32 bytes, is 16",
                assertThrows(IllegalArgumentException.class,
                        () -> new KeySearchProblem(new byte[16], new byte[16], new byte[16], 8)).getMessage());
        assertEquals("KeySearchProblem: plaintext must be 16 bytes, is null",
                assertThrows(IllegalArgumentException.class,
                        () -> new KeySearchProblem(null, new byte[16], new byte[32], 8)).getMessage());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            assertEquals("KeySearchThreads: threads = 0 must be at least 1",
                    assertThrows(IllegalArgumentException.class, () -> KeySearchThreads.search(PROBLEM, pool, 0))
                            .getMessage());
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void plantedKeysDiffer() throws Exception {
        assertTrue(!Arrays.equals(PLANTED.key(), KeySearchProblem.plant(UNKNOWN_BITS, 30).key()));
    }
}
