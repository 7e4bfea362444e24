// expect: error 5:32 "default"
public class BadDefaultKind {

    static void run(int[] a) {
        //omp parallel default(private)
        {
            a[0] = 1;
        }
    }
}
