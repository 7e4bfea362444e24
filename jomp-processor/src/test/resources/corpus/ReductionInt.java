/** Every reduction operator on int. */
public class ReductionInt {
    public static void main(String[] args) {
        int n = 64;
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = (i * 37 + 11) % 101;
        }
        int sum = 0;
        int prod = 1;
        int diff = 0;
        int and = -1;
        int or = 0;
        int xor = 0;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        boolean all = true;
        boolean any = false;
        //omp parallel for reduction(+:sum) reduction(*:prod) reduction(-:diff) reduction(&:and) reduction(|:or) reduction(^:xor) reduction(min:min) reduction(max:max) reduction(&&:all) reduction(||:any)
        for (int i = 0; i < n; i++) {
            sum += v[i];
            prod *= (v[i] % 3) + 1;
            diff -= v[i];
            and &= v[i] | 0x40;
            or |= v[i];
            xor ^= v[i];
            min = Math.min(min, v[i]);
            max = Math.max(max, v[i]);
            all = all && v[i] < 101;
            any = any || v[i] == 11;
        }
        System.out.println("sum=" + sum + " prod=" + prod + " diff=" + diff);
        System.out.println("and=" + and + " or=" + or + " xor=" + xor);
        System.out.println("min=" + min + " max=" + max + " all=" + all + " any=" + any);
    }
}
