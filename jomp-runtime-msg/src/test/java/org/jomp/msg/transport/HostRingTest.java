package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.CommException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ring and lines of one host memory file mapped twice in this JVM, standing for two ranks: what one writes the
 * other reads; a wait ends when the word comes, fails with what its watch throws or with the writer's end while the
 * word is short, and ignores both once the word has come after all.
 */
class HostRingTest {
    private static final int WORD = 5;

    @TempDir
    Path dir;

    private HostRing writer;
    private HostRing reader;

    @BeforeEach
    void map() throws IOException {
        Path file = HostMemory.create(dir, 2, 64);
        writer = HostMemory.open(file, 2, 0, 64).ring();
        reader = HostMemory.open(file, 2, 1, 64).ring();
    }

    @Test
    void whatOneRankWritesTheOtherReads() {
        long[] data = {3, -1, Long.MAX_VALUE};
        writer.put(WORD + 1, PayloadKind.LONG, data, 0, 3);
        writer.publish(writer.line(0, HostRing.READ), 42);
        long[] back = new long[3];
        reader.get(WORD + 1, PayloadKind.LONG, back, 0, 3);
        assertArrayEquals(data, back);
        assertEquals(42, reader.get(reader.line(0, HostRing.READ)));
        assertEquals(0, reader.get(reader.line(1, HostRing.READ)));
    }

    @Test
    void aSecondClaimGetsTheFirstClaimersValue() {
        assertEquals(0, writer.claim(WORD, 7));
        assertEquals(7, reader.claim(WORD, 9));
        assertEquals(7, reader.get(WORD));
    }

    @Test
    void aWaitEndsWhenTheWordComes() throws InterruptedException {
        Thread t = new Thread(() -> {
            sleep(50);
            writer.publish(WORD, 3);
        });
        t.start();
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> reader.await(WORD, 3, 0, watch(false, null)));
        t.join();
    }

    @Test
    void aWaitFailsWithWhatItsWatchThrowsWhileTheWordIsShort() {
        RuntimeException mismatch = new CollectiveMismatchException("bcast on rank 1: another collective");
        RuntimeException thrown = assertThrows(RuntimeException.class,
                () -> reader.await(WORD, 1, 0, watch(false, mismatch)));
        assertSame(mismatch, thrown);
    }

    @Test
    void aWaitForARankThatEndedFailsNamingIt() {
        CommException e = assertThrows(CommException.class, () -> reader.await(WORD, 1, 0, watch(true, null)));
        assertEquals("bcast on rank 1: rank 0 ended without taking part in it", e.getMessage());
    }

    /**
     * The writer stores the word, then sends a message of its next collective, which the watch sees as a mismatch,
     * or it ends: the word came first, so the wait ends normally.
     */
    @Test
    void whatTheWatchSeesAfterTheWordCameDoesNotFailTheWait() {
        AtomicInteger asked = new AtomicInteger();
        HostRing.Watch late = new HostRing.Watch() {
            @Override
            public boolean ended(int owner) {
                if (asked.incrementAndGet() == 1) {
                    return false;
                }
                writer.publish(WORD, 1);
                throw new CollectiveMismatchException("bcast on rank 1: rank 0 is in its next collective");
            }

            @Override
            public String where() {
                return "bcast on rank 1";
            }
        };
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> reader.await(WORD, 1, 0, late));
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> reader.await(WORD + 1, 1, 0, new HostRing.Watch() {
            @Override
            public boolean ended(int owner) {
                writer.publish(WORD + 1, 1);
                return true;
            }

            @Override
            public String where() {
                return "bcast on rank 1";
            }
        }));
    }

    /** A watch that says {@code ended}, or throws {@code failure} if not null. */
    private static HostRing.Watch watch(boolean ended, RuntimeException failure) {
        return new HostRing.Watch() {
            @Override
            public boolean ended(int owner) {
                if (failure != null) {
                    throw failure;
                }
                return ended;
            }

            @Override
            public String where() {
                return "bcast on rank 1";
            }
        };
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
