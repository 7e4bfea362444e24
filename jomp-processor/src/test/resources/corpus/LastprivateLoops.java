/** lastprivate: after the loop the variable holds the value of the sequentially last iteration. */
public class LastprivateLoops {
    public static void main(String[] args) {
        int n = 1001;
        int last = -1;
        int lastIndex = -1;
        //omp parallel for lastprivate(last, lastIndex) schedule(dynamic, 4)
        for (int i = 0; i < n; i++) {
            last = i * i % 97;
            lastIndex = i;
        }
        System.out.println("last = " + last + ", at index " + lastIndex);

        double x = 0.5;
        //omp parallel for firstprivate(x) lastprivate(x)
        for (int i = 30; i > 0; i -= 3) {
            // Reads the firstprivate copy, but the last value depends on the last iteration only.
            x = i * 1.5 + (x > 1e9 ? 1 : 0);
        }
        System.out.println("x = " + x);

        long stepped = 0;
        //omp parallel
        {
            //omp for lastprivate(stepped) schedule(static, 3)
            for (long k = 5; k <= 500; k += 7) {
                stepped = k * 2;
            }
        }
        System.out.println("stepped = " + stepped);
    }
}
