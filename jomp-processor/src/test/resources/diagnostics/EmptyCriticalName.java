// expect: error 7:28 "critical"
public class EmptyCriticalName {

    static void run(int[] a) {
        //omp parallel
        {
            //omp critical()
            a[0]++;
        }
    }
}
