import java.io.Serializable;
import java.util.Arrays;

/**
 * //mpi directives in methods called by every thread of an //omp parallel region (orphaned), and from outside any
 * region. Every thread of a team must come back with the rank-independent answer: the region's min and max
 * reductions of what each thread got are equal only if it did. Called from one thread of a team (single, master,
 * masked, a section, a task) the directives must not wait for the others, which are not there.
 */
public class Orphaned {

    record Tally(int count, String label) implements Serializable {
    }

    /** A distributed loop whose reduction lands in a local of each calling thread. */
    static long sumOfSquares(int n) {
        long sum = 7;
        //mpi for schedule(cyclic, 2) reduction(+:sum)
        for (int i = 0; i < n; i++) {
            sum += (long) i * i;
        }
        return sum;
    }

    /**
     * A distributed loop filling a shared array, all-gathered. Its index, declared before it, ends on each rank's
     * bound; only its being assigned is used (javac checks that every thread's copy is).
     */
    static long gathered(long[] squares) {
        int i;
        //mpi for allgather(squares)
        for (i = 0; i < squares.length; i++) {
            squares[i] = (long) i * i;
        }
        return Arrays.stream(squares).sum() + (i > 0 ? 1 : 0);
    }

    /** Collectives that assign locals: a primitive and an object broadcast, an allreduce and a reduce. */
    static long collectives() {
        int value = 0;
        Tally tally = null;
        int largest = 1;
        double product = 2;
        //mpi on(mpi_size - 1)
        {
            value = 42;
            tally = new Tally(3, "last");
            largest = 9;
        }
        //mpi bcast(value, tally) root(mpi_size - 1)
        //mpi allreduce(max: largest)
        //mpi reduce(min: product) root(mpi_size - 1)
        //mpi bcast(product) root(mpi_size - 1)
        //mpi barrier
        return value * 1000L + tally.count() * 100L + tally.label().length() * 10L + largest + (long) product;
    }

    /** A broadcast into an array the threads share, and a barrier the other threads of the team do not wait for. */
    static int shared(int[] cells) {
        //mpi on(mpi_size - 1)
        cells[0] = 11;
        //mpi bcast(cells) root(mpi_size - 1)
        //mpi barrier nowait
        return cells[0] + cells.length;
    }

    static long all(int n, long[] squares, int[] cells) {
        return sumOfSquares(n) * 7 + gathered(squares) * 5 + collectives() * 3 + shared(cells);
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        int n = 45;
        long[] squares = new long[n];
        int[] cells = new int[3];
        long alone = all(n, squares, cells);
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        //omp parallel num_threads(threads) reduction(min:low) reduction(max:high)
        {
            for (int round = 0; round < 3; round++) {
                long got = all(n + round, squares, cells);
                low = Math.min(low, got);
                high = Math.max(high, got);
            }
        }
        long[] byOne = new long[5];
        //omp parallel num_threads(threads)
        {
            //omp single
            byOne[0] = all(n, squares, cells);
            //omp master
            byOne[1] = all(n, squares, cells);
            //omp barrier
            //omp masked filter(threads - 1)
            byOne[2] = all(n, squares, cells);
            //omp barrier
            //omp sections
            {
                //omp section
                byOne[3] = all(n, squares, cells);
                //omp section
                cells[2] = cells[2];
            }
            //omp single
            {
                //omp task
                byOne[4] = all(n, squares, cells);
            }
        }
        long sum = sumOfSquares(n);
        long values = collectives();
        //mpi master
        System.out.println(alone + " " + low + " " + high + " " + sum + " " + values + " " + Arrays.toString(byOne));
    }
}
