package org.jomp.examples.jgf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HexFormat;

import org.jomp.examples.jgf.crypt.CryptOmp;
import org.jomp.examples.jgf.crypt.CryptSequential;
import org.jomp.examples.jgf.crypt.CryptThreads;
import org.jomp.examples.jgf.crypt.Idea;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CryptTest {
    private static final int BYTES = 8 * 301;
    private static final byte[] KEY = HexFormat.of().parseHex("2b7e151628aed2a6abf7158809cf4f3c");

    @Test
    void encryptsTheTestVectorOfTheIdeaSpecification() {
        // Lai's thesis: key 0001 0002 ... 0008, plain text 0000 0001 0002 0003, cipher text 11fb ed2b 0198 6de5.
        int[] z = Idea.encryptionKey(HexFormat.of().parseHex("00010002000300040005000600070008"));
        byte[] plain = HexFormat.of().parseHex("0000000100020003");
        byte[] crypt = new byte[8];
        Idea.cipherBlock(plain, crypt, 0, z);
        assertArrayEquals(HexFormat.of().parseHex("11fbed2b01986de5"), crypt);
        byte[] back = new byte[8];
        Idea.cipherBlock(crypt, back, 0, Idea.decryptionKey(z));
        assertArrayEquals(plain, back);
    }

    @Test
    void decryptedTextEqualsPlainText() {
        byte[] plain = CryptSequential.randomText(BYTES, 11);
        byte[] crypt = new byte[BYTES];
        byte[] plain2 = new byte[BYTES];
        int[] z = Idea.encryptionKey(KEY);
        CryptSequential.encryptDecrypt(plain, crypt, plain2, z, Idea.decryptionKey(z));
        assertArrayEquals(plain, plain2);
        assertFalse(Arrays.equals(plain, crypt), "cipher text differs from plain text");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void directiveVersionMatchesSequential(int threads) throws Exception {
        Omp.setNumThreads(threads);
        check((plain, crypt, plain2, z, dk) -> CryptOmp.encryptDecrypt(plain, crypt, plain2, z, dk));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void handWrittenVersionMatchesSequential(int threads) throws Exception {
        Pools.withPool(threads, pool -> check((plain, crypt, plain2, z, dk) ->
                CryptThreads.encryptDecrypt(plain, crypt, plain2, z, dk, pool, threads)));
    }

    @FunctionalInterface
    private interface Variant {
        void run(byte[] plain, byte[] crypt, byte[] plain2, int[] z, int[] dk) throws Exception;
    }

    private static void check(Variant variant) throws Exception {
        byte[] plain = CryptSequential.randomText(BYTES, 11);
        int[] z = Idea.encryptionKey(KEY);
        int[] dk = Idea.decryptionKey(z);
        byte[] expected = new byte[BYTES];
        CryptSequential.encryptDecrypt(plain, expected, new byte[BYTES], z, dk);
        byte[] crypt = new byte[BYTES];
        byte[] plain2 = new byte[BYTES];
        variant.run(plain, crypt, plain2, z, dk);
        assertArrayEquals(expected, crypt);
        assertArrayEquals(plain, plain2);
    }

    @Test
    void rejectsKeysAndTextsOfTheWrongLength() {
        IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
                () -> Idea.encryptionKey(new byte[15]));
        assertTrue(key.getMessage().contains("16 bytes, got 15"), key.getMessage());
        IllegalArgumentException text = assertThrows(IllegalArgumentException.class,
                () -> CryptSequential.randomText(12, 1));
        assertTrue(text.getMessage().contains("multiple of 8 bytes, got 12"), text.getMessage());
    }
}
