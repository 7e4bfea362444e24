/** private gives each thread its own uninitialised copy; firstprivate starts each copy at the original value. */
public class PrivateFirstprivate {
    public static void main(String[] args) {
        int n = 2000;
        int offset = 100;
        int tmp = -1;
        long[] out = new long[n];
        //omp parallel private(tmp) firstprivate(offset)
        {
            //omp for
            for (int i = 0; i < n; i++) {
                tmp = i * 3;
                out[i] = tmp + offset;
            }
        }
        long sum = 0;
        for (long v : out) {
            sum += v;
        }
        System.out.println("sum = " + sum);
        System.out.println("offset after region = " + offset);

        int scale = 5;
        long weighted = 0;
        //omp parallel for firstprivate(scale) reduction(+:weighted)
        for (int i = 0; i < n; i++) {
            weighted += (long) i * scale;
        }
        System.out.println("weighted = " + weighted);
    }
}
