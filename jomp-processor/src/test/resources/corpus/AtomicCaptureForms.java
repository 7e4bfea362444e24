/** The forms of atomic capture and update: v = x++, v = ++x, v = x--, v = x += e, x = x op e, x op= e. */
public class AtomicCaptureForms {
    public static void main(String[] args) {
        int n = 2000;
        int up = 0;
        long down = 1_000_000;
        int[] slots = new int[2 * n + 1];
        long scaled = 0;
        int masked = 0;
        double half = 0;
        //omp parallel for
        for (int i = 0; i < n; i++) {
            int a;
            //omp atomic capture
            a = up++;
            int b;
            //omp atomic capture
            b = ++up;
            // One value can be one thread's a (the old value of its x++) and another's b (the new value of its ++x).
            //omp atomic
            slots[a]++;
            //omp atomic
            slots[b]++;
            long c;
            //omp atomic capture
            c = down--;
            long d;
            //omp atomic capture
            d = down -= 3;
            if (c <= d) {
                //omp atomic
                masked |= 1;
            }
            //omp atomic
            scaled = scaled + 2;
            //omp atomic update
            masked |= 2;
            //omp atomic
            half += 0.5;
        }
        int captured = 0;
        for (int s : slots) {
            captured += s;
        }
        System.out.println("up = " + up + ", down = " + down + ", values captured = " + captured);
        System.out.println("scaled = " + scaled + ", masked = " + masked + ", half = " + half);
    }
}
