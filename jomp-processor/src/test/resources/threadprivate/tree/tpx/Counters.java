package tpx;

/** Declares the thread-private fields; the other files of the tree read and write them. */
public class Counters {
    //omp threadprivate(counter)
    public static int counter;
    //omp threadprivate(small)
    public static short small = 1;

    public static class Nested {
        //omp threadprivate(hits)
        public static long hits;
    }

    /** Qualified on both sides in the declaring file; a remainder in a compound assignment. */
    static void bump() {
        Counters.counter = Counters.counter + 1;
        counter += 7 % 4;
    }
}
