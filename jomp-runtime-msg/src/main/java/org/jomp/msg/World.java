package org.jomp.msg;

import java.util.concurrent.atomic.AtomicInteger;

import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.Transport;

/** What all communicators of one rank share: its transport, its class loader, its supply of context ids. */
final class World {
    final Transport transport;
    final MatchingEngine engine;
    final ClassLoader loader;
    /** The lowest context id this rank has not used; the world communicator takes 0 and 1. */
    private final AtomicInteger nextContext = new AtomicInteger(2);

    World(Transport transport, ClassLoader loader) {
        this.transport = transport;
        this.engine = transport.engine();
        this.loader = loader;
    }

    int nextContext() {
        return nextContext.get();
    }

    /** Marks ids below {@code limit} as used. */
    void reserveBelow(int limit) {
        nextContext.accumulateAndGet(limit, Math::max);
    }
}
