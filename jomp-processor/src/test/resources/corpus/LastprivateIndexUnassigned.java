/**
 * lastprivate loop indices declared before the loop without a value, or with one javac does not see as definitely
 * assigned: the translation must not read them before the loop, and they end as after the sequential loop.
 */
public class LastprivateIndexUnassigned {
    public static void main(String[] args) {
        int n = 11 + args.length;
        int[] a = new int[n + 2];
        int i;
        //omp parallel for lastprivate(i)
        for (i = 0; i < n; i += 2) a[i] = i;
        System.out.println("i = " + i);

        int j;
        if (n > 3) {
            j = 4;
        }
        //omp parallel for lastprivate(j) schedule(static, 2)
        for (j = 1; j <= n; j += 3) a[j] += j;
        System.out.println("j = " + j);

        long k;
        //omp parallel
        {
            //omp for lastprivate(k) schedule(dynamic)
            for (k = n; k > 0; k--) a[(int) k] += 1;
        }
        System.out.println("k = " + k);

        int r;
        int c;
        //omp parallel for collapse(2) lastprivate(r, c)
        for (r = 0; r < 3; r++) {
            for (c = 0; c < 4; c++) a[r * 4 + c] += r;
        }
        System.out.println("r = " + r + ", a = " + java.util.Arrays.toString(a));
    }
}
