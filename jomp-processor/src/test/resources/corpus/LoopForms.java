/** Canonical loop forms: <, <=, >, >=, !=, steps up and down, int and long indices, bounds from expressions. */
public class LoopForms {
    public static void main(String[] args) {
        int n = 100;
        int[] hits = new int[n + 1];
        //omp parallel for
        for (int i = 0; i <= n; i++) {
            hits[i] += 1;
        }
        //omp parallel for
        for (int i = n; i > 0; i--) {
            hits[i] += 10;
        }
        //omp parallel for
        for (int i = n; i >= 0; i -= 3) {
            hits[i] += 100;
        }
        //omp parallel for
        for (int i = 1; i != n + 1; i += 1) {
            hits[i] += 1000;
        }
        //omp parallel for schedule(dynamic, 2)
        for (int i = 2; i < n; i = i + 5) {
            hits[i] += 10000;
        }
        int step = 4;
        //omp parallel for schedule(guided, 3)
        for (int i = 3; i < hits.length - 1; i += step) {
            hits[i] += 100000;
        }
        long signature = 0;
        for (int i = 0; i <= n; i++) {
            signature = signature * 7 + hits[i];
            signature %= 1_000_000_007L;
        }
        System.out.println("signature = " + signature + ", hits[0] = " + hits[0] + ", hits[99] = " + hits[99]);

        long big = 3_000_000_000L;
        long count = 0;
        //omp parallel for reduction(+:count)
        for (long k = big; k < big + 10_000; k += 3) {
            count += k % 2;
        }
        System.out.println("odd longs = " + count);
        int empty = 0;
        //omp parallel for reduction(+:empty)
        for (int i = 10; i < 5; i++) {
            empty++;
        }
        System.out.println("empty loop ran " + empty + " times");
    }
}
