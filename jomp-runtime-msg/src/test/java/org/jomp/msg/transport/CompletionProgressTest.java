package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.jomp.msg.CommInterruptedException;
import org.jomp.msg.RankFailedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A wait through a transport's {@link Progress}: it polls, then blocks in the transport; a completion from another
 * thread wakes the block ({@link Progress#wake}), a failure or an interrupt ends the wait, and the transport hears
 * how the wait ended. The transport here is a stand-in whose block sleeps on a semaphore.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CompletionProgressTest {

    /** Records the calls; blocks for the slice it is given unless woken; completes {@code target} on a poll. */
    private static final class StandIn implements Progress {
        final Semaphore wakes = new Semaphore(0);
        final AtomicInteger wakeCalls = new AtomicInteger();
        final AtomicInteger polls = new AtomicInteger();
        final CountDownLatch blocked = new CountDownLatch(1);
        final List<String> calls = new ArrayList<>();
        volatile Completion target;
        volatile int completeOnPoll = -1;
        volatile long budget = 1;
        volatile long firstPollAt;
        volatile long blockedAt;
        final Set<Integer> unreachable = ConcurrentHashMap.newKeySet();
        final AtomicInteger blocks = new AtomicInteger();
        /** While set, each poll moves bytes ({@link #lastMoved}). */
        volatile boolean streaming;
        volatile long moved = System.nanoTime();

        @Override
        public long budgetNanos() {
            return budget;
        }

        @Override
        public boolean reaches(int peer, long bytes) {
            return !unreachable.contains(peer);
        }

        @Override
        public synchronized void bypass() {
            calls.add("bypass");
        }

        @Override
        public synchronized void begin() {
            calls.add("begin");
        }

        @Override
        public void poll() {
            int n = polls.incrementAndGet();
            if (n == 1) {
                firstPollAt = System.nanoTime();
            }
            if (streaming) {
                moved = System.nanoTime();
            }
            if (n == completeOnPoll) {
                target.complete();
            }
        }

        @Override
        public long lastMoved() {
            return moved;
        }

        @Override
        public void block(long nanos) {
            if (blocked.getCount() > 0) {
                blockedAt = System.nanoTime();
            }
            blocked.countDown();
            blocks.incrementAndGet();
            try {
                wakes.tryAcquire(nanos, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void wake() {
            wakeCalls.incrementAndGet();
            wakes.release();
        }

        @Override
        public synchronized void end(boolean done, long blockedNanos) {
            calls.add("end " + done + (blockedNanos >= 0 ? " blocked" : ""));
        }
    }

    /**
     * Starts a thread that completes {@code c} once the wait through {@code p} blocks, or after 2 s if it never does.
     */
    private static Thread completeOnceBlocked(StandIn p, Completion c) {
        Thread completer = new Thread(() -> {
            try {
                p.blocked.await(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            c.complete();
        });
        completer.start();
        return completer;
    }

    private static MatchingEngine engineWith(StandIn p) {
        MatchingEngine engine = new MatchingEngine();
        engine.progressBy(p);
        return engine;
    }

    @Test
    void aCompletionFromAnotherThreadWakesTheBlockedWaiter() throws Exception {
        StandIn p = new StandIn();
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion();
        Thread completer = new Thread(() -> {
            try {
                p.blocked.await();
            } catch (InterruptedException e) {
                return;
            }
            c.complete();
        });
        completer.start();
        c.await(engine);
        completer.join();
        assertEquals(1, p.wakeCalls.get(), "the completer woke the blocked waiter once");
        assertEquals(List.of("begin", "end true blocked"), p.calls);
    }

    @Test
    void aCompletionTheWaiterReadsItselfNeedsNoWakeUp() {
        StandIn p = new StandIn();
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion();
        p.target = c;
        p.completeOnPoll = 5;
        c.await(engine);
        assertEquals(5, p.polls.get());
        assertEquals(0, p.wakeCalls.get(), "a waiter completing its own wait woke itself");
        // Blocked or not depends on whether five polls outlast the budget (on a busy machine each is followed by a
        // yield).
        assertEquals(2, p.calls.size(), "calls: " + p.calls);
        assertTrue(p.calls.get(1).startsWith("end true"), "calls: " + p.calls);
    }

    /**
     * With more rank threads than cores, so that no yield stops the polling however long the scheduler keeps the
     * core from it (WaitPolicy.yielded): with a core of its own, a yield of 0.8 ms on a loaded machine would rightly
     * end the polling, as the next test shows. A window that an earlier test opened is waited out first.
     */
    @Test
    void aWaitThatEndsWithinItsBudgetNeverBlocks() {
        StandIn p = new StandIn();
        p.budget = TimeUnit.SECONDS.toNanos(60);
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion();
        p.target = c;
        p.completeOnPoll = 50;
        int crowd = Runtime.getRuntime().availableProcessors() + 1;
        WaitPolicy.ranksStarted(crowd);
        try {
            while (!WaitPolicy.yieldsPay(System.nanoTime())) {
                LockSupport.parkNanos(1_000_000);
            }
            c.await(engine);
        } finally {
            WaitPolicy.ranksStarted(-crowd);
        }
        assertEquals(50, p.polls.get());
        assertEquals(1, p.blocked.getCount(), "the wait blocked");
        assertEquals(List.of("begin", "end true"), p.calls, "the transport hears the wait never blocked");
    }

    /**
     * Within the window a wait polls for 20 µs and blocks; without it, it would poll until a yield lost the core,
     * which takes 0.8 ms at least. The window lasts {@value WaitPolicy#NO_YIELD_NANOS} ns from the long yield: a
     * wait whose first poll comes later, or one descheduled while it polled (on a loaded machine), shows nothing, so
     * the test tries again.
     */
    @Test
    void shortlyAfterAYieldThatLostTheCoreAWaitBlocksLongBeforeItsBudget() throws Exception {
        for (int attempt = 1; ; attempt++) {
            StandIn p = new StandIn();
            p.budget = TimeUnit.SECONDS.toNanos(60);
            MatchingEngine engine = engineWith(p);
            Completion c = new Completion();
            Thread completer = completeOnceBlocked(p, c);
            long now = System.nanoTime();
            assertFalse(WaitPolicy.yielded(WaitPolicy.LONG_YIELD_NANOS, now), "the long yield opens the window");
            c.await(engine);
            completer.join();
            long began = p.firstPollAt - now;
            long polled = p.blocked.getCount() == 0 ? p.blockedAt - p.firstPollAt : -1;
            if (began < WaitPolicy.NO_YIELD_NANOS && polled >= 0 && polled < WaitPolicy.LONG_YIELD_NANOS) {
                assertEquals(List.of("begin", "end true blocked"), p.calls);
                return;
            }
            assertTrue(attempt < 5, "five waits begun shortly after a long yield did not block within 0.8 ms; the last"
                    + " began " + began + " ns after the yield and " + (polled < 0 ? "never blocked"
                    : "blocked after polling for " + polled + " ns"));
        }
    }

    /**
     * A message of megabytes comes in pieces for longer than any budget: while its polls move bytes, a wait of a rank
     * with a core of its own polls on. It spins between such polls, so no yield ends them (WaitPolicy.yielded).
     */
    @Test
    void aWaitPollsPastItsBudgetWhileBytesMove() {
        assertFalse(WaitPolicy.ranksOutnumberCores(), "this JVM's rank count says the job is crowded");
        StandIn p = new StandIn();
        p.budget = TimeUnit.MILLISECONDS.toNanos(20);
        p.streaming = true;
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion();
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
        Thread completer = new Thread(() -> {
            LockSupport.parkNanos(until - System.nanoTime());
            c.complete();
        });
        completer.start();
        c.await(engine);
        assertTrue(System.nanoTime() - until >= 0, "the wait ended before its completion");
        assertEquals(0, p.blocks.get(), "a wait whose polls moved bytes blocked");
        assertEquals(List.of("begin", "end true"), p.calls);
    }

    /** In a crowded job a wait blocks once its budget has passed, bytes moving or not: its partners need the core. */
    @Test
    void aCrowdedWaitBlocksAfterItsBudgetWhileBytesMove() {
        StandIn p = new StandIn();
        p.budget = TimeUnit.MILLISECONDS.toNanos(5);
        p.streaming = true;
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion();
        int crowd = Runtime.getRuntime().availableProcessors() + 1;
        WaitPolicy.ranksStarted(crowd);
        try {
            Thread completer = completeOnceBlocked(p, c);
            c.await(engine);
            completer.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        } finally {
            WaitPolicy.ranksStarted(-crowd);
        }
        assertEquals(List.of("begin", "end true blocked"), p.calls);
    }

    /** A wait for a message that comes whole (one frame) blocks once its budget has passed, bytes moving or not. */
    @Test
    void aWaitForASmallMessageBlocksAfterItsBudgetWhileBytesMove() throws Exception {
        StandIn p = new StandIn();
        p.budget = TimeUnit.MILLISECONDS.toNanos(5);
        p.streaming = true;
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion(1, Completion.STREAMED_BYTES);
        Thread completer = completeOnceBlocked(p, c);
        c.await(engine);
        completer.join();
        assertEquals(List.of("begin", "end true blocked"), p.calls);
    }

    /**
     * Bytes that move while a wait of a rank with a core of its own blocks send it back to polling, and it blocks no
     * more while they move.
     */
    @Test
    void aBlockedWaitPollsAgainOnceBytesMove() throws Exception {
        assertFalse(WaitPolicy.ranksOutnumberCores(), "this JVM's rank count says the job is crowded");
        StandIn p = new StandIn();
        // Far below the sender's 400 ms, so a wait that ignored the bytes would block again; far above a time slice,
        // since a waiting thread descheduled for the budget on a busy machine blocks again rightly (5 ms did so, and
        // 40 ms once in a full test run on the 2-core machine).
        p.budget = TimeUnit.MILLISECONDS.toNanos(150);
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion();
        Thread sender = new Thread(() -> {
            try {
                p.blocked.await();
            } catch (InterruptedException e) {
                return;
            }
            p.streaming = true;
            p.moved = System.nanoTime();
            p.wake();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(400));
            c.complete();
        });
        sender.start();
        c.await(engine);
        sender.join();
        // One block, and on a loaded machine a few more: a yield that lost the core for a time slice ends the polls
        // (WaitPolicy.yielded), and the next poll, finding bytes moved, polls on. A wait that ignored the bytes
        // would block in slices of 1 ms for the sender's 400 ms, some 300 times (3 blocks were seen in a full
        // test run on the 2-core AMD host).
        int blocks = p.blocks.get();
        assertTrue(blocks >= 1 && blocks <= 10, "blocks of a wait whose polls moved bytes after the first: " + blocks);
        assertEquals(List.of("begin", "end true blocked"), p.calls);
    }

    @Test
    void aFailedPeerEndsTheBlockedWait() throws Exception {
        StandIn p = new StandIn();
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion();
        Thread failer = new Thread(() -> {
            try {
                p.blocked.await();
            } catch (InterruptedException e) {
                return;
            }
            engine.peerFailed(3, new IllegalStateException("rank 3 died"));
        });
        failer.start();
        RankFailedException e = assertThrows(RankFailedException.class, () -> c.await(engine));
        failer.join();
        assertEquals(3, e.failedRank());
        assertEquals(List.of("begin", "end false blocked"), p.calls);
    }

    @Test
    void anInterruptEndsTheBlockedWait() throws Exception {
        StandIn p = new StandIn();
        MatchingEngine engine = engineWith(p);
        Completion c = new Completion();
        Thread waiter = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                p.blocked.await();
            } catch (InterruptedException e) {
                return;
            }
            waiter.interrupt();
        });
        interrupter.start();
        assertThrows(CommInterruptedException.class, () -> c.await(engine));
        // The wait leaves the flag set, as documented; cleared here first, or join() would throw at once while
        // the interrupter has not quite ended.
        assertTrue(Thread.interrupted(), "the interrupt flag should stay set after CommInterruptedException");
        interrupter.join();
        assertTrue(p.calls.contains("end false blocked"), "calls: " + p.calls);
    }

    @Test
    void aWaitForAPeerTheProgressDoesNotReachWaitsWithoutIt() throws Exception {
        StandIn p = new StandIn();
        p.unreachable.add(3);
        MatchingEngine engine = engineWith(p);
        Completion fromNeighbour = new Completion(3, 8);
        Thread neighbour = new Thread(() -> {
            LockSupport.parkNanos(20_000_000L);
            fromNeighbour.complete();
        });
        neighbour.start();
        fromNeighbour.await(engine);
        neighbour.join();
        assertEquals(0, p.polls.get(), "a wait for a neighbour polled the sockets");
        assertEquals(List.of("bypass"), p.calls);
        p.calls.clear();

        Completion fromAfar = new Completion(4, 8);
        p.target = fromAfar;
        p.completeOnPoll = 1;
        fromAfar.await(engine);
        assertEquals(List.of("begin", "end true"), p.calls);
    }
}
