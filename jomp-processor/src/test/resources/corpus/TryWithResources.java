import java.io.IOException;
import java.io.StringReader;
import java.io.BufferedReader;

/** try-with-resources inside a region and around one; every resource opened in a loop is closed. */
public class TryWithResources {
    static final class Tracked implements AutoCloseable {
        static int closed;

        @Override
        public void close() {
            //omp critical
            {
                closed++;
            }
        }
    }

    public static void main(String[] args) throws IOException {
        int n = 300;
        long lengths = 0;
        //omp parallel for reduction(+:lengths)
        for (int i = 0; i < n; i++) {
            try (Tracked t = new Tracked(); BufferedReader r = new BufferedReader(new StringReader("line " + i))) {
                lengths += r.readLine().length();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        System.out.println("lengths = " + lengths + ", closed = " + Tracked.closed);

        try (BufferedReader r = new BufferedReader(new StringReader("7\n8\n9"))) {
            var values = r.lines().mapToInt(Integer::parseInt).toArray();
            int product = 1;
            //omp parallel for reduction(*:product)
            for (int i = 0; i < values.length; i++) {
                product *= values[i];
            }
            System.out.println("product = " + product);
        }
    }
}
