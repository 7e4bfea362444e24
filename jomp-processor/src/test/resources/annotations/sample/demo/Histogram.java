package demo;

import org.jomp.annotations.Critical;
import org.jomp.annotations.For;
import org.jomp.annotations.Parallel;
import org.jomp.annotations.ParallelFor;
import org.jomp.annotations.Reduction;
import org.jomp.annotations.Schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A sample built by plain javac with only the JOMP processor on the processor path: annotations and //omp comments
 * on code that uses private fields and methods, instance state, generics and an inner class. main prints each
 * result next to a sequential computation of the same thing, and how many threads ran the parallel code.
 */
public class Histogram<T extends Number> {

    private final int[] values;
    private final int[] counts;
    private long weighted;
    private final Set<String> threads = ConcurrentHashMap.newKeySet();

    private Histogram(int n, int buckets) {
        values = new int[n];
        counts = new int[buckets];
        for (int i = 0; i < n; i++) {
            values[i] = (int) ((i * 2654435761L) % 1000);
        }
    }

    private int bucketOf(int value) {
        threads.add(Thread.currentThread().getName());
        return value * counts.length / 1000;
    }

    @Parallel
    private void fill() {
        for (@For(schedule = Schedule.DYNAMIC, chunk = "64") int i = 0; i < values.length; i++) {
            add(bucketOf(values[i]), values[i]);
        }
    }

    @Critical("histogram")
    private void add(int bucket, int value) {
        counts[bucket]++;
        weighted += value;
    }

    private long sumOfSquares() {
        @Reduction("+") long sum = 0;
        for (@ParallelFor(schedule = Schedule.GUIDED, chunk = "8") int i = 0; i < values.length; i++) {
            sum += (long) values[i] * values[i];
        }
        return sum;
    }

    private int maxComment() {
        int best = Integer.MIN_VALUE;
        //omp parallel for reduction(max:best)
        for (int i = 0; i < values.length; i++) {
            best = Math.max(best, values[i] + bucketOf(values[i]));
        }
        return best;
    }

    /** Generic code in an inner class that reads the outer instance. */
    class Scaled {
        double total(List<T> factors) {
            @Reduction("+") double total = 0;
            for (@ParallelFor T f : factors) {
                total += f.doubleValue() * values[f.intValue() % values.length];
            }
            return total;
        }
    }

    public static void main(String[] args) {
        Histogram<Integer> h = new Histogram<>(200_000, 16);
        h.fill();
        int[] expected = new int[16];
        long expectedWeighted = 0;
        long expectedSquares = 0;
        int expectedMax = Integer.MIN_VALUE;
        for (int v : h.values) {
            expected[v * 16 / 1000]++;
            expectedWeighted += v;
            expectedSquares += (long) v * v;
            expectedMax = Math.max(expectedMax, v + v * 16 / 1000);
        }
        System.out.println("check counts " + java.util.Arrays.toString(h.counts).replace(" ", "") + " "
                + java.util.Arrays.toString(expected).replace(" ", ""));
        System.out.println("check weighted " + h.weighted + " " + expectedWeighted);
        System.out.println("check squares " + h.sumOfSquares() + " " + expectedSquares);
        System.out.println("check max " + h.maxComment() + " " + expectedMax);
        List<Integer> factors = new ArrayList<>();
        double expectedTotal = 0;
        for (int i = 0; i < 5000; i++) {
            factors.add(i % 13);
            expectedTotal += (i % 13) * (double) h.values[(i % 13) % h.values.length];
        }
        System.out.println("check total " + h.new Scaled().total(factors) + " " + expectedTotal);
        System.out.println("threads " + h.threads.size());
    }
}
