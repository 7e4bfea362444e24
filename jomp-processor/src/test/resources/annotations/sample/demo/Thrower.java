package demo;

import org.jomp.annotations.ParallelFor;
import org.jomp.annotations.Reduction;

/**
 * Throws inside a parallel loop; main prints where the top frame of the trace says it was thrown. The file has a
 * second top-level class and an anonymous class, which the processor must rename and put back too.
 */
public class Thrower {

    static void check(int[] data) {
        for (@ParallelFor int i = 0; i < data.length; i++) {
            if (data[i] < 0) {
                throw new IllegalArgumentException("negative at " + i); // the throw line
            }
        }
    }

    public static void main(String[] args) {
        int[] data = new int[1000];
        data[700] = -1;
        Runnable run = new Runnable() {
            @Override
            public void run() {
                Thrower.check(data);
            }
        };
        try {
            run.run();
            System.out.println("no exception");
        } catch (IllegalArgumentException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("thrown at " + top.getFileName() + ":" + top.getLineNumber());
        }
        long sequential = 0;
        for (int i = 0; i < 5000; i++) {
            sequential += Blocks.weight(i);
        }
        System.out.println("check blocks " + new Blocks().total(5000) + " " + sequential);
    }
}

/** A second top-level class in the file. */
class Blocks {

    static long weight(int i) {
        return i % 11;
    }

    long total(int n) {
        @Reduction("+") long sum = 0;
        for (@ParallelFor int i = 0; i < n; i++) {
            sum += Blocks.weight(i);
        }
        return sum;
    }
}
