import java.util.Arrays;

/** Ranks x threads: //omp inside distributed loops, combined loops, and //mpi collectives inside //omp parallel. */
public class Hybrid {
    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        int ranks = Integer.parseInt(args[1]);

        long total = 0;
        //mpi for reduction(+:total)
        for (int i = 0; i < 20; i++) {
            long row = 0;
            //omp parallel for reduction(+:row) num_threads(threads)
            for (int j = 0; j < 30; j++) {
                row += (long) i * j;
            }
            total += row;
        }

        long combined = 0;
        //mpi parallel for reduction(+:combined) num_threads(threads)
        for (int i = 0; i < 1000; i++) {
            combined += i % 7;
        }

        long cyclic = 3;
        //mpi parallel for schedule(cyclic, 4) reduction(+:cyclic) num_threads(threads)
        for (int i = 100; i > 0; i--) {
            cyclic += i;
        }

        double[] roots = new double[50];
        //mpi for allgather(roots)
        //omp parallel for num_threads(threads)
        for (int i = 0; i < 50; i++) {
            roots[i] = Math.sqrt(i);
        }

        int[] data = new int[8];
        //mpi master
        Arrays.fill(data, 3);
        long counted = 0;
        int value = 0;
        //omp parallel num_threads(threads)
        {
            //mpi bcast(data)
            //omp for reduction(+:counted)
            for (int i = 0; i < data.length; i++) {
                counted += data[i];
            }
            //mpi allreduce(+: counted)
            //omp master
            //mpi on(0)
            value = 5;
            //mpi bcast(value) nowait
            //omp barrier
            //mpi barrier
            //omp single
            {
                //mpi allreduce(+: value)
            }
        }
        //mpi master
        System.out.println(total + " " + combined + " " + cyclic + " " + Arrays.stream(roots).sum() + " "
                + counted / ranks + " " + value / ranks);
    }
}
