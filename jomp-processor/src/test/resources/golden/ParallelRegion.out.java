package golden; import org.jomp.runtime.Omp; import org.jomp.runtime.CriticalLock;

/** parallel: if, num_threads, default, shared, private, firstprivate, reduction; holders and snapshots. */
public class ParallelRegion {
    static int calls;

    static int run(int n, boolean big) {
        int hits = 0;
        int seen;
        int offset = 10;
        offset += n;
        double total = 0;
        { double[] total$shared = {total}; int[] hits$shared = {hits}; var offset$ = offset; //omp parallel if(big) num_threads(n / 2) default(shared) shared(hits) private(seen) firstprivate(offset) reduction(+:total)
        Omp.parallel(n / 2, big, () -> { int seen$ = 0; int offset$2 = offset$; double total$ = 0d; {
            seen$ = offset$2 + 1;
            total$ += seen$;
            //omp critical
            { CriticalLock critical$lock = Omp.critical(""); critical$lock.lock(); try { hits$shared[0]++; } finally { critical$lock.unlock(); } }
            calls++;
        } Omp.reductionLock(); try { total$shared[0] += total$; } finally { Omp.reductionUnlock(); } }); total = total$shared[0]; hits = hits$shared[0]; }
        { var offset$3 = offset; //omp parallel
        Omp.parallel(() -> { {
            System.out.println(offset$3);
        } }); }
        return hits + (int) total;
    }
}
