package org.jomp.msg.transport;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How long a waiting rank spins and yields before it parks. Spinning only pays while the thread being waited for
 * has a core of its own: with more runnable rank threads than cores a spinner steals the very core it waits on, so
 * the spin phase shrinks to a token and yielding takes over.
 */
public final class WaitPolicy {
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final int SPINS = Integer.getInteger("jomp.msg.spins", 20_000);
    private static final int YIELDS = Integer.getInteger("jomp.msg.yields", 200);
    private static final AtomicInteger ACTIVE_RANKS = new AtomicInteger();

    private WaitPolicy() {
    }

    /** Registers {@code n} rank threads that now run in this JVM (negative to unregister). */
    public static void ranksStarted(int n) {
        ACTIVE_RANKS.addAndGet(n);
    }

    /** True when this JVM runs more rank threads than it has cores. */
    public static boolean oversubscribed() {
        return ACTIVE_RANKS.get() > CORES;
    }

    static int spins() {
        return oversubscribed() ? 50 : SPINS;
    }

    static int yields() {
        return oversubscribed() ? YIELDS * 10 : YIELDS;
    }
}
