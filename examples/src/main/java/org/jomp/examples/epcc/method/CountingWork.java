package org.jomp.examples.epcc.method;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A delay that also counts its calls and remembers which threads made them. Used only outside timed runs, to check
 * that a kernel did the right amount of work and that every thread of the team really took part.
 */
public final class CountingWork implements Work {
    private final Delay delay;
    private final LongAdder calls = new LongAdder();
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

    public CountingWork(Delay delay) {
        this.delay = delay;
    }

    @Override
    public void run() {
        calls.increment();
        threads.add(Thread.currentThread());
        delay.run();
    }

    public long calls() {
        return calls.sum();
    }

    public int distinctThreads() {
        return threads.size();
    }
}
