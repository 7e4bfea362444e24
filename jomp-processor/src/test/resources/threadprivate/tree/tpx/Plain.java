package tpx;

/** No directive: plain code that writes and reads the thread-private fields of Counters. */
public class Plain {
    public static void start(int value) {
        Counters.counter = value;
        Counters.counter *= 2;
        Counters.bump();
        tpx.Counters.small = 3;
        Counters.Nested.hits--;
    }

    public static long state() {
        int counter = 100;
        return counter + Counters.counter * 1000L + Counters.small * 10L + Counters.Nested.hits;
    }
}
