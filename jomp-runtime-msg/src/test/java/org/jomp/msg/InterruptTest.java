package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.msg.launch.JobFailedException;
import org.jomp.msg.launch.RankMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A thread blocked in a communication that is interrupted ends its wait promptly with an exception. */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InterruptTest {
    /** Interrupts {@code target} after {@code millis}. */
    private static void interruptLater(Thread target, long millis) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                return;
            }
            target.interrupt();
        }, "interrupter");
        t.setDaemon(true);
        t.start();
    }

    @Test
    void aReceiveThatNothingWillMatchEndsWhenItsThreadIsInterrupted() {
        EmbeddedLauncher.run(1, w -> {
            interruptLater(Thread.currentThread(), 200);
            long t0 = System.nanoTime();
            CommInterruptedException e = assertThrows(CommInterruptedException.class,
                    () -> w.recv(new int[1], 0, 1, 0, 5));
            long millis = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(Thread.interrupted(), "the interrupt flag stays set");
            assertTrue(millis >= 150 && millis < 5000, "ended after " + millis + " ms");
            assertTrue(e.getMessage().contains("jomp-rank-0 was interrupted while waiting in recv on rank 0"),
                    e.getMessage());
        });
    }

    @Test
    void aProbeAndAWaitAnyEndWhenTheirThreadIsInterrupted() {
        EmbeddedLauncher.run(1, w -> {
            interruptLater(Thread.currentThread(), 100);
            assertThrows(CommInterruptedException.class, () -> w.probe(0, 3));
            assertTrue(Thread.interrupted());
            Request r = w.irecv(new int[1], 0, 1, 0, 4);
            interruptLater(Thread.currentThread(), 100);
            assertThrows(CommInterruptedException.class, () -> Request.waitAny(r));
            assertTrue(Thread.interrupted());
        });
    }

    @Test
    void aBarrierThatAnotherRankHasNotReachedEndsWhenInterrupted() {
        JobFailedException e = assertThrows(JobFailedException.class, () -> EmbeddedLauncher.run(2, w -> {
            if (w.rank() == 0) {
                interruptLater(Thread.currentThread(), 100);
                w.barrier();
            } else {
                try {
                    Thread.sleep(3000);
                } catch (InterruptedException ignored) {
                    return;
                }
                w.barrier();
            }
        }));
        assertTrue(e.rank() == 0, e.toString());
        assertInstanceOf(CommInterruptedException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("barrier on rank 0"), e.getCause().getMessage());
    }

    /** Runs two ranks whose rank 0 is interrupted in {@code waitInRankZero}; returns what rank 0 threw. */
    private static Throwable interruptedRankZero(boolean sharedCollectives, RankMain waitInRankZero) {
        JobFailedException e = assertThrows(JobFailedException.class, () -> EmbeddedLauncher.run(2,
                sharedCollectives, w -> {
                    if (w.rank() == 0) {
                        interruptLater(Thread.currentThread(), 100);
                        waitInRankZero.run(w);
                    } else {
                        // Ends when rank 0 fails: nothing ever matches this receive.
                        w.recv(new int[1], 0, 1, 0, 99);
                    }
                }));
        assertEquals(0, e.rank(), e.toString());
        assertInstanceOf(CommInterruptedException.class, e.getCause(), e.getCause().toString());
        return e.getCause();
    }

    @Test
    void anInterruptedWaitNamesTheCallAndTheRankThatWaited() {
        Throwable send = interruptedRankZero(true, w -> w.send(new double[1 << 17], 0, 1 << 17, 1, 7));
        assertEquals("jomp-rank-0 was interrupted while waiting in send on rank 0", send.getMessage());
        Throwable irecv = interruptedRankZero(true, w -> w.irecv(new int[1], 0, 1, 1, 7).waitFor());
        assertEquals("jomp-rank-0 was interrupted while waiting in irecv on rank 0", irecv.getMessage());
        Throwable allreduce = interruptedRankZero(false, w -> w.allreduce(new double[4], 0, new double[4], 0, 4,
                Op.SUM));
        assertEquals("jomp-rank-0 was interrupted while waiting in allreduce on rank 0", allreduce.getMessage());
    }

    @Test
    void interruptingTheLaunchingThreadAbortsTheJobSayingSo() {
        Thread launcher = Thread.currentThread();
        interruptLater(launcher, 200);
        JobFailedException e = assertThrows(JobFailedException.class, () -> EmbeddedLauncher.run(2,
                w -> w.recv(new int[1], 0, 1, 1 - w.rank(), 99)));
        assertTrue(Thread.interrupted(), "the launcher's interrupt flag stays set");
        RankFailedException f = assertInstanceOf(RankFailedException.class, e.getCause(), e.toString());
        assertEquals(-1, f.failedRank());
        assertEquals("the job was aborted: org.jomp.msg.CommException: the thread that launched the ranks ("
                + launcher.getName() + ") was interrupted", f.getMessage());
    }
}
