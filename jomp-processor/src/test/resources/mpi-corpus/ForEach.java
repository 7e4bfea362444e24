import java.util.ArrayList;
import java.util.List;

/** //mpi for over for-each loops: arrays and Lists, block and cyclic, a body without braces, called from a region. */
public class ForEach {

    /** Called by every thread of a region as well as from main. */
    static long weight(List<Integer> items) {
        long total = 1;
        //mpi for schedule(cyclic) reduction(+:total)
        for (int item : items)
            total += (long) item * item;
        return total;
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        double[] values = new double[41];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 0.5;
        }
        double sum = 0;
        double largest = -1;
        //mpi for reduction(+:sum) reduction(max:largest)
        for (double v : values) {
            sum += v;
            largest = Math.max(largest, v);
        }
        List<Integer> items = new ArrayList<>();
        for (int i = 0; i < 23; i++) {
            items.add(i * 3 % 17);
        }
        long odd = 0;
        //mpi for schedule(cyclic, 4) reduction(+:odd)
        for (final Integer item : items) {
            if (item % 2 == 1) {
                odd += item;
            }
        }
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        //omp parallel num_threads(threads) reduction(min:low) reduction(max:high)
        {
            long w = weight(items);
            low = Math.min(low, w);
            high = Math.max(high, w);
        }
        long alone = weight(items);
        //mpi master
        System.out.println(sum + " " + largest + " " + odd + " " + alone + " " + low + " " + high);
    }
}
