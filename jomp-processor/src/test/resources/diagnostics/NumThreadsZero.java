// expect: error 5:36 "num_threads"
public class NumThreadsZero {

    static void run(int[] a) {
        //omp parallel num_threads(0)
        {
            a[0] = 1;
        }
    }
}
