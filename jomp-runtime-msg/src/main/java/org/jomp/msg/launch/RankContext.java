package org.jomp.msg.launch;

import org.jomp.msg.Comm;

/**
 * Which rank the current thread belongs to. A thread rank binds its world here; threads it starts (an OpenMP
 * team's workers, an executor's threads) inherit the binding, so any thread of a rank finds its own world with
 * {@link Comm#world()}. A thread started elsewhere but running with a rank's class loader as its context class
 * loader also finds it.
 */
public final class RankContext {
    private static final InheritableThreadLocal<Comm> WORLD = new InheritableThreadLocal<>();

    private RankContext() {
    }

    /** The world of the calling thread's rank, or {@code null} if the thread belongs to no thread rank. */
    public static Comm current() {
        Comm w = WORLD.get();
        if (w == null && Thread.currentThread().getContextClassLoader() instanceof RankClassLoader loader) {
            w = loader.world();
        }
        return w;
    }

    /** Binds the calling thread (and threads it starts from now on) to {@code world}. */
    public static void bind(Comm world) {
        WORLD.set(world);
    }

    /** Removes the calling thread's binding. */
    public static void unbind() {
        WORLD.remove();
    }
}
