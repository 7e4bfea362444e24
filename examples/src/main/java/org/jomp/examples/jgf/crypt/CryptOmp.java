package org.jomp.examples.jgf.crypt;

/**
 * Crypt with OpenMP directives: the sequential program plus three comments. Blocks are independent; the implied
 * barrier of the first loop makes every cipher block ready before any is decrypted.
 */
public final class CryptOmp {
    private CryptOmp() {
    }

    public static void encryptDecrypt(byte[] plain, byte[] crypt, byte[] plain2, int[] z, int[] dk) {
        int blocks = plain.length / 8;
        //omp parallel
        {
            //omp for schedule(static)
            for (int b = 0; b < blocks; b++) {
                Idea.cipherBlock(plain, crypt, 8 * b, z);
            }
            //omp for schedule(static)
            for (int b = 0; b < blocks; b++) {
                Idea.cipherBlock(crypt, plain2, 8 * b, dk);
            }
        }
    }
}
