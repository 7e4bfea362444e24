package org.jomp.examples.keysearch;

import java.security.GeneralSecurityException;
import java.util.SplittableRandom;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * A known-plaintext attack on AES-256 by exhaustive search, Parallel Java's massively parallel example (seed 001):
 * given one plaintext block, its ciphertext, and the key with its low {@code unknownBits} bits cleared, try all
 * 2^unknownBits values of the missing bits.
 */
public record KeySearchProblem(byte[] plaintext, byte[] ciphertext, byte[] partialKey, int unknownBits) {
    public static final int BLOCK_BYTES = 16;
    /** One block, no chaining and no padding: the raw block cipher the attack needs. */
    static final String TRANSFORMATION = "AES/ECB/NoPadding";
    public static final int KEY_BYTES = 32;
    /** Enough for any search that ends in reasonable time; keeps the candidate count well inside a long. */
    public static final int MAX_UNKNOWN_BITS = 48;

    public KeySearchProblem {
        checkLength("plaintext", plaintext, BLOCK_BYTES);
        checkLength("ciphertext", ciphertext, BLOCK_BYTES);
        checkLength("partialKey", partialKey, KEY_BYTES);
        checkUnknownBits(unknownBits);
    }

    /** A problem and the key that was planted in it, which a search must find. */
    public record Planted(KeySearchProblem problem, byte[] key) {
    }

    /** Encrypts a random plaintext with a random key, then hides the key's low {@code unknownBits} bits. */
    public static Planted plant(int unknownBits, long seed) throws GeneralSecurityException {
        checkUnknownBits(unknownBits);
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] key = new byte[KEY_BYTES];
        byte[] plaintext = new byte[BLOCK_BYTES];
        rnd.nextBytes(key);
        rnd.nextBytes(plaintext);
        Cipher aes = Cipher.getInstance(TRANSFORMATION);
        aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        byte[] ciphertext = aes.doFinal(plaintext);
        byte[] partialKey = key.clone();
        Searcher.setLowBits(partialKey, unknownBits, 0);
        return new Planted(new KeySearchProblem(plaintext, ciphertext, partialKey, unknownBits), key);
    }

    /** How many keys the search tries: 2^unknownBits. */
    public long candidates() {
        return 1L << unknownBits;
    }

    /** A searcher of this problem's keys for one thread: javax.crypto ciphers are not thread-safe. */
    Searcher searcher() throws GeneralSecurityException {
        return new Searcher(this);
    }

    private static void checkLength(String what, byte[] bytes, int expected) {
        if (bytes == null || bytes.length != expected) {
            throw new IllegalArgumentException("KeySearchProblem: " + what + " must be " + expected + " bytes, is "
                    + (bytes == null ? "null" : bytes.length));
        }
    }

    private static void checkUnknownBits(int unknownBits) {
        if (unknownBits < 1 || unknownBits > MAX_UNKNOWN_BITS) {
            throw new IllegalArgumentException("KeySearchProblem: unknownBits = " + unknownBits + " must be in 1.."
                    + MAX_UNKNOWN_BITS);
        }
    }
}
