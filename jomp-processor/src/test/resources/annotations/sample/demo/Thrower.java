package demo;

import org.jomp.annotations.ParallelFor;

/** Throws inside a parallel loop; main prints where the top frame of the trace says it was thrown. */
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
        try {
            check(data);
            System.out.println("no exception");
        } catch (IllegalArgumentException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("thrown at " + top.getFileName() + ":" + top.getLineNumber());
        }
    }
}
