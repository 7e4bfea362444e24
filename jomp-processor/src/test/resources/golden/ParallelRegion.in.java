package golden;

/** parallel: if, num_threads, default, shared, private, firstprivate, reduction; holders and snapshots. */
public class ParallelRegion {
    static int calls;

    static int run(int n, boolean big) {
        int hits = 0;
        int seen;
        int offset = 10;
        offset += n;
        double total = 0;
        //omp parallel if(big) num_threads(n / 2) default(shared) shared(hits) private(seen) firstprivate(offset) reduction(+:total)
        {
            seen = offset + 1;
            total += seen;
            //omp critical
            hits++;
            calls++;
        }
        //omp parallel
        {
            System.out.println(offset);
        }
        return hits + (int) total;
    }
}
