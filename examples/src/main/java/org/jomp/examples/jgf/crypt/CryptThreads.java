package org.jomp.examples.jgf.crypt;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Crypt written by hand with java.util.concurrent: each of T tasks encrypts and then decrypts its own contiguous range
 * of blocks; a task decrypts only blocks it encrypted itself, so no barrier is needed between the two passes.
 */
public final class CryptThreads {
    private CryptThreads() {
    }

    public static void encryptDecrypt(byte[] plain, byte[] crypt, byte[] plain2, int[] z, int[] dk,
            ExecutorService pool, int threads) throws InterruptedException {
        int blocks = plain.length / 8;
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int lo = (int) ((long) blocks * t / threads);
            int hi = (int) ((long) blocks * (t + 1) / threads);
            parts.add(pool.submit(() -> {
                for (int b = lo; b < hi; b++) {
                    Idea.cipherBlock(plain, crypt, 8 * b, z);
                }
                for (int b = lo; b < hi; b++) {
                    Idea.cipherBlock(crypt, plain2, 8 * b, dk);
                }
            }));
        }
        for (Future<?> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("Crypt task failed", e.getCause());
            }
        }
    }
}
