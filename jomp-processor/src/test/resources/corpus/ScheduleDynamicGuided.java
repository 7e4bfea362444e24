/** dynamic and guided schedules, with and without chunks, over unbalanced work. */
public class ScheduleDynamicGuided {
    static long work(int i) {
        long s = 0;
        for (int k = 0; k < i % 50; k++) {
            s += k * (long) i;
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 2000;
        long a = 0;
        long b = 0;
        long c = 0;
        long d = 0;
        //omp parallel for schedule(dynamic) reduction(+:a)
        for (int i = 0; i < n; i++) {
            a += work(i);
        }
        //omp parallel for schedule(dynamic, 16) reduction(+:b)
        for (int i = 0; i < n; i++) {
            b += work(i);
        }
        //omp parallel for schedule(guided) reduction(+:c)
        for (int i = 0; i < n; i++) {
            c += work(i);
        }
        //omp parallel for schedule(guided, 5) reduction(+:d)
        for (int i = 0; i < n; i++) {
            d += work(i);
        }
        System.out.println("dynamic = " + a + ", dynamic,16 = " + b);
        System.out.println("guided = " + c + ", guided,5 = " + d);
    }
}
