package org.jomp.examples.jgf.crypt;

/**
 * The IDEA block cipher (Lai and Massey 1991; Lai, "On the design and security of block ciphers", 1992): 64-bit
 * blocks of four 16-bit words, a 128-bit key expanded into 52 16-bit subkeys, eight rounds mixing XOR, addition
 * modulo 2^16 and multiplication modulo 2^16 + 1 (where the word 0 stands for 2^16), then an output transformation.
 * Decryption is the same transformation with the inverted subkeys of {@link #decryptionKey}.
 */
public final class Idea {
    /** Subkeys of the eight rounds (six each) and the output transformation (four). */
    public static final int SUBKEYS = 52;

    private static final int MODULUS = 0x10001;

    private Idea() {
    }

    /** The 52 encryption subkeys of a 16-byte key: 16-bit slices of the key, rotated left by 25 bits every 8 slices. */
    public static int[] encryptionKey(byte[] key) {
        if (key.length != 16) {
            throw new IllegalArgumentException("IDEA key must be 16 bytes, got " + key.length);
        }
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 8; i++) {
            hi = hi << 8 | (key[i] & 0xff);
            lo = lo << 8 | (key[i + 8] & 0xff);
        }
        int[] z = new int[SUBKEYS];
        for (int k = 0; k < SUBKEYS; k++) {
            int slice = k % 8;
            if (slice == 0 && k > 0) {
                long rotatedHi = hi << 25 | lo >>> 39;
                lo = lo << 25 | hi >>> 39;
                hi = rotatedHi;
            }
            long half = slice < 4 ? hi : lo;
            z[k] = (int) (half >>> (48 - 16 * (slice % 4))) & 0xffff;
        }
        return z;
    }

    /**
     * The decryption subkeys: round r of decryption undoes round 8 − r of encryption, so it takes that round's
     * multiplicative inverses and additive negations (the two middle additive keys swapped, except next to the output
     * transformation, which has no swap), and the MA-structure keys of the round before it.
     */
    public static int[] decryptionKey(int[] z) {
        int[] dk = new int[SUBKEYS];
        for (int r = 0; r <= 8; r++) {
            int s = 8 - r;
            boolean edge = r == 0 || r == 8;
            dk[6 * r] = inverse(z[6 * s]);
            dk[6 * r + 1] = -z[6 * s + (edge ? 1 : 2)] & 0xffff;
            dk[6 * r + 2] = -z[6 * s + (edge ? 2 : 1)] & 0xffff;
            dk[6 * r + 3] = inverse(z[6 * s + 3]);
            if (r < 8) {
                dk[6 * r + 4] = z[6 * (s - 1) + 4];
                dk[6 * r + 5] = z[6 * (s - 1) + 5];
            }
        }
        return dk;
    }

    /** Transforms the 8-byte block at offset off of in into the same offset of out with subkeys z. */
    public static void cipherBlock(byte[] in, byte[] out, int off, int[] z) {
        int x1 = word(in, off);
        int x2 = word(in, off + 2);
        int x3 = word(in, off + 4);
        int x4 = word(in, off + 6);
        int k = 0;
        for (int round = 0; round < 8; round++) {
            x1 = mul(x1, z[k++]);
            x2 = (x2 + z[k++]) & 0xffff;
            x3 = (x3 + z[k++]) & 0xffff;
            x4 = mul(x4, z[k++]);
            int t0 = mul(x1 ^ x3, z[k++]);
            int t1 = mul(((x2 ^ x4) + t0) & 0xffff, z[k++]);
            t0 = (t0 + t1) & 0xffff;
            x1 ^= t1;
            x4 ^= t0;
            int middle = x2 ^ t0;
            x2 = x3 ^ t1;
            x3 = middle;
        }
        putWord(out, off, mul(x1, z[48]));
        putWord(out, off + 2, (x3 + z[49]) & 0xffff);
        putWord(out, off + 4, (x2 + z[50]) & 0xffff);
        putWord(out, off + 6, mul(x4, z[51]));
    }

    /** Multiplication modulo 2^16 + 1 of two 16-bit words, 0 standing for 2^16 (which is −1 modulo 2^16 + 1). */
    static int mul(int a, int b) {
        if (a == 0) {
            return (MODULUS - b) & 0xffff;
        }
        if (b == 0) {
            return (MODULUS - a) & 0xffff;
        }
        return (int) ((long) a * b % MODULUS) & 0xffff;
    }

    /** Multiplicative inverse modulo the prime 2^16 + 1, by Fermat: a^(p−2); 0 (that is 2^16 = −1) is its own. */
    static int inverse(int a) {
        if (a <= 1) {
            return a;
        }
        long result = 1;
        long base = a;
        for (int e = MODULUS - 2; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                result = result * base % MODULUS;
            }
            base = base * base % MODULUS;
        }
        return (int) result;
    }

    private static int word(byte[] b, int off) {
        return (b[off] & 0xff) << 8 | (b[off + 1] & 0xff);
    }

    private static void putWord(byte[] b, int off, int w) {
        b[off] = (byte) (w >>> 8);
        b[off + 1] = (byte) w;
    }
}
