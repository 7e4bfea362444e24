package org.jomp.examples.keysearch;

import java.security.GeneralSecurityException;
import java.util.Arrays;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * Tries candidate keys of one problem: one AES key schedule and one block encryption per candidate, the work unit of
 * every variant. Holds its own cipher and buffers, so each thread or rank needs its own searcher.
 */
final class Searcher {
    private final Cipher aes = Cipher.getInstance(KeySearchProblem.TRANSFORMATION);
    private final KeySearchProblem p;
    private final byte[] key;
    private final byte[] out = new byte[KeySearchProblem.BLOCK_BYTES];

    Searcher(KeySearchProblem p) throws GeneralSecurityException {
        this.p = p;
        this.key = p.partialKey().clone();
    }

    /** Whether the partial key completed by {@code candidate} encrypts the plaintext to the ciphertext. */
    boolean matches(long candidate) throws GeneralSecurityException {
        setLowBits(key, p.unknownBits(), candidate);
        aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        aes.doFinal(p.plaintext(), 0, KeySearchProblem.BLOCK_BYTES, out, 0);
        return Arrays.equals(out, p.ciphertext());
    }

    /** Replaces the low {@code bits} bits of the big-endian {@code key} with those of {@code value}. */
    static void setLowBits(byte[] key, int bits, long value) {
        for (int b = 0; b < bits; b += 8) {
            int index = key.length - 1 - b / 8;
            int width = Math.min(8, bits - b);
            int mask = (1 << width) - 1;
            key[index] = (byte) ((key[index] & ~mask) | ((value >>> b) & mask));
        }
    }
}
