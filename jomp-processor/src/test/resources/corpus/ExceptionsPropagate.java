import java.io.IOException;

/**
 * An exception thrown by one thread in a region reaches the caller as thrown (a checked one too), and its stack
 * trace points at the original line of the throw statement.
 */
public class ExceptionsPropagate {
    static int check(int[] data) throws IOException {
        int good = 0;
        //omp parallel for reduction(+:good)
        for (int i = 0; i < data.length; i++) {
            if (data[i] < 0) {
                throw new IOException("negative element at index " + i);
            }
            good++;
        }
        return good;
    }

    public static void main(String[] args) {
        int[] data = new int[1000];
        try {
            System.out.println("good elements = " + check(data));
        } catch (IOException e) {
            System.out.println("unexpected: " + e);
        }
        data[617] = -1;
        try {
            check(data);
            System.out.println("no exception");
        } catch (IOException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("caught " + e.getMessage());
            System.out.println("thrown at " + top.getFileName() + ":" + top.getLineNumber());
        }
        try {
            //omp parallel
            {
                //omp single
                {
                    Object o = null;
                    o.hashCode();
                }
            }
            System.out.println("no exception");
        } catch (NullPointerException e) {
            System.out.println("caught a NullPointerException from a region at line "
                    + e.getStackTrace()[0].getLineNumber());
        }
        System.out.println("still running");
    }
}
