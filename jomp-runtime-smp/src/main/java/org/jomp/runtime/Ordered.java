package org.jomp.runtime;

/** The ordered construct: binds to the calling thread's innermost loop created with {@link Loop#ORDERED}. */
final class Ordered {

    private Ordered() {
    }

    static void begin(ThreadState self, long value) {
        loop(self, "orderedBegin").orderedBegin(value);
    }

    static void end(ThreadState self) {
        loop(self, "orderedEnd").orderedEnd();
    }

    private static Loop loop(ThreadState self, String what) {
        Loop l = self.orderedLoop;
        if (l == null) {
            throw new IllegalStateException(what + " outside a loop created with Loop.ORDERED");
        }
        return l;
    }
}
