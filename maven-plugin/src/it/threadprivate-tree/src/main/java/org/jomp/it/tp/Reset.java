package org.jomp.it.tp;

/** No directive: assigns the threadprivate field of another file. */
public final class Reset {
    private Reset() {
    }

    public static void to(int value) {
        Counters.count = value;
    }
}
