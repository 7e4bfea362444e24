package golden;

/** critical (named, unnamed), atomic (update, read, write, capture), barrier, flush, taskyield, cancel. */
public class Synchronisation {
    static int field;

    static void run(int[] counts, int n) {
        int total = 0;
        int snapshot = 0;
        //omp parallel
        {
            //omp critical(io)
            {
                System.out.println("in");
            }
            //omp atomic
            counts[0]++;
            //omp atomic update
            counts[1] += n;
            //omp atomic
            counts[2] = counts[2] * 2;
            //omp atomic
            total += 1;
            //omp atomic read
            snapshot = total;
            //omp atomic write
            counts[3] = n;
            //omp atomic capture
            snapshot = counts[0]++;
            //omp atomic
            field += 1;
            //omp barrier
            //omp flush
            //omp taskyield
            //omp for
            for (int i = 0; i < n; i++) {
                //omp cancel for if(i > 10)
                //omp cancellation point for
                counts[4] = i;
            }
        }
        System.out.println(total + snapshot);
    }
}
