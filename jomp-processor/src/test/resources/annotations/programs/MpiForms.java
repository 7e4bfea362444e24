import java.util.Arrays;
import org.jomp.annotations.Allreduce;
import org.jomp.annotations.Bcast;
import org.jomp.annotations.DistributedFor;
import org.jomp.annotations.DistributedParallelFor;
import org.jomp.annotations.Distribution;
import org.jomp.annotations.MasterRank;
import org.jomp.annotations.OnRank;
import org.jomp.annotations.Reduce;
import org.jomp.annotations.Reduction;

/**
 * The //mpi annotations: distributed loops with reductions and gathers, and collectives on locals. Every value
 * printed is one the sequential program computes too (a gathered array broadcast back, a max of equal values), so
 * the output on any number of ranks must be the sequential one.
 */
public class MpiForms {
    public static void main(String[] args) {
        int n = 41;
        @Reduction("+") long sum = 3;
        for (@DistributedFor(schedule = Distribution.CYCLIC, chunk = "3") int i = 0; i < n; i++) {
            sum += (long) i * i;
        }
        int[] squares = new int[n];
        for (@DistributedFor(gather = "squares", root = "0") int i = 0; i < n; i++) {
            squares[i] = i * i % 17;
        }
        @Bcast(root = "0") int[] everywhere = squares;
        long[] cubes = new long[n];
        long odd = 0;
        for (@DistributedParallelFor(numThreads = "2", allgather = "cubes", reduction = "+:odd")
                int i = 0; i < n; i++) {
            cubes[i] = (long) i * i * i;
            odd += i % 2;
        }
        @Allreduce("max") long biggest = Arrays.stream(cubes).max().getAsLong();
        @Reduce(value = "min", root = "0") int smallest = Arrays.stream(everywhere).min().getAsInt();
        //mpi master
        {
            System.out.println("sum " + sum + " odd " + odd);
            System.out.println("squares " + Arrays.toString(everywhere));
            System.out.println("cubes " + Arrays.stream(cubes).sum() + " biggest " + biggest + " smallest " + smallest);
        }
        report(sum, odd);
        footer();
    }

    @OnRank("0")
    static void report(long sum, long odd) {
        System.out.println("report " + (sum + odd));
    }

    @MasterRank
    static void footer() {
        System.out.println("end");
    }
}
