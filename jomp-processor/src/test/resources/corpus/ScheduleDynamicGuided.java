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
        // With the monotonic modifier each thread gets its chunks in increasing order; without it, threads steal.
        long e = 0;
        int decreasing = 0;
        int[] previous = new int[64];
        //omp parallel for schedule(monotonic: dynamic, 3) reduction(+:e, decreasing)
        for (int i = 0; i < n; i++) {
            e += work(i);
            int t = org.jomp.runtime.Omp.threadNum();
            if (i < previous[t]) {
                decreasing++;
            }
            previous[t] = i;
        }
        long f = 0;
        //omp parallel for schedule(nonmonotonic: dynamic, 2) reduction(+:f)
        for (int i = 0; i < n; i++) {
            f += work(i);
        }
        System.out.println("dynamic = " + a + ", dynamic,16 = " + b);
        System.out.println("monotonic:dynamic,3 = " + e + " (chunks before a thread's last: " + decreasing + ")"
                + ", nonmonotonic:dynamic,2 = " + f);
        System.out.println("guided = " + c + ", guided,5 = " + d);
    }
}
