package golden; import org.jomp.runtime.Omp; import org.jomp.runtime.Loop; import org.jomp.runtime.Schedule;

/** for: private, firstprivate, lastprivate, reductions with every operator, JOMP 1.0b typed variables. */
public class ForClauses {
    static void clauses(int[] a, int n) {
        int t = 0;
        int base = 7;
        int last = -1;
        long product = 1;
        int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
        boolean all = true, any = false;
        int mask = ~0, bits = 0, parity = 0;
        double diff = 0;
        { int[] last$shared = {last}; long[] product$shared = {product}; int[] lo$shared = {lo}; int[] hi$shared = {hi}; //omp parallel for private(t) firstprivate(base) lastprivate(last) reduction(*:product) reduction(min:lo) reduction(max:hi)
        Omp.parallel(() -> { { int t$ = 0; int base$ = base; int last$ = 0; long product$ = 1L; int lo$ = Integer.MAX_VALUE; int hi$ = Integer.MIN_VALUE; Loop i$loop = Omp.loop(0, n, 1, Schedule.STATIC, 0); while (i$loop.next()) { for (int i = i$loop.intStart(), i$end = i$loop.intEnd(); i < i$end; i++) {
            t$ = a[i] + base$;
            last$ = t$;
            product$ *= 1 + t$ % 3;
            lo$ = Math.min(lo$, t$);
            hi$ = Math.max(hi$, t$);
        } } if (i$loop.last()) { last$shared[0] = last$; } Omp.reductionLock(); try { product$shared[0] *= product$; if (lo$ < lo$shared[0]) lo$shared[0] = lo$; if (hi$ > hi$shared[0]) hi$shared[0] = hi$; } finally { Omp.reductionUnlock(); } i$loop.end(true); } }); last = last$shared[0]; product = product$shared[0]; lo = lo$shared[0]; hi = hi$shared[0]; }
        { boolean[] all$shared = {all}; boolean[] any$shared = {any}; int[] mask$shared = {mask}; int[] bits$shared = {bits}; int[] parity$shared = {parity}; double[] diff$shared = {diff}; //omp parallel for reduction(&&:all) reduction(||:any) reduction(&:mask) reduction(|:bits) reduction(^:parity) reduction(-:diff)
        Omp.parallel(() -> { { boolean all$ = true; boolean any$ = false; int mask$ = ~0; int bits$ = 0; int parity$ = 0; double diff$ = 0d; Loop i$loop2 = Omp.loop(0, n, 1, Schedule.STATIC, 0); while (i$loop2.next()) { for (int i = i$loop2.intStart(), i$end2 = i$loop2.intEnd(); i < i$end2; i++) {
            all$ = all$ && a[i] > 0;
            any$ = any$ || a[i] > 5;
            mask$ &= a[i];
            bits$ |= a[i];
            parity$ ^= a[i];
            diff$ -= a[i];
        } } Omp.reductionLock(); try { all$shared[0] = all$shared[0] && all$; any$shared[0] = any$shared[0] || any$; mask$shared[0] &= mask$; bits$shared[0] |= bits$; parity$shared[0] ^= parity$; diff$shared[0] += diff$; } finally { Omp.reductionUnlock(); } i$loop2.end(true); } }); all = all$shared[0]; any = any$shared[0]; mask = mask$shared[0]; bits = bits$shared[0]; parity = parity$shared[0]; diff = diff$shared[0]; }
        System.out.println(last + " " + product + " " + lo + " " + hi + all + any + mask + bits + parity + diff);
    }

    static double jomp(double[] x) {
        double error = 0;
        { double[] error$shared = {error}; //omp parallel for reduction(+:double error) private(double d)
        Omp.parallel(() -> { { double d$ = 0d; double error$ = 0d; Loop i$loop3 = Omp.loop(0, x.length, 1, Schedule.STATIC, 0); while (i$loop3.next()) { for (int i = i$loop3.intStart(), i$end3 = i$loop3.intEnd(); i < i$end3; i++) {
            d$ = x[i] * x[i];
            error$ += d$;
        } } Omp.reductionLock(); try { error$shared[0] += error$; } finally { Omp.reductionUnlock(); } i$loop3.end(true); } }); error = error$shared[0]; }
        return error;
    }

    static double d;
}
