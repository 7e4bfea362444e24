package org.jomp.examples.jgf.crypt;

import java.util.Random;

/**
 * Java Grande Forum "Crypt" kernel (section 2), written from its description: IDEA-encrypts a byte array and decrypts
 * the result again; the run is valid when the decrypted text equals the plain text. The sequential reference.
 */
public final class CryptSequential {
    private CryptSequential() {
    }

    /** Random plain text of n bytes (a multiple of the 8-byte block). */
    public static byte[] randomText(int n, long seed) {
        if (n % 8 != 0) {
            throw new IllegalArgumentException("Crypt text length must be a multiple of 8 bytes, got " + n);
        }
        byte[] text = new byte[n];
        new Random(seed).nextBytes(text);
        return text;
    }

    /** Encrypts plain into crypt with subkeys z, then decrypts crypt into plain2 with subkeys dk. */
    public static void encryptDecrypt(byte[] plain, byte[] crypt, byte[] plain2, int[] z, int[] dk) {
        int blocks = plain.length / 8;
        for (int b = 0; b < blocks; b++) {
            Idea.cipherBlock(plain, crypt, 8 * b, z);
        }
        for (int b = 0; b < blocks; b++) {
            Idea.cipherBlock(crypt, plain2, 8 * b, dk);
        }
    }
}
