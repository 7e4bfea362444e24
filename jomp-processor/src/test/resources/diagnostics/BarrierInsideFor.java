// expect: error 8:13 "barrier"
public class BarrierInsideFor {

    static void run(int[] a) {
        //omp parallel for
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
            //omp barrier
            a[i]++;
        }
    }
}
