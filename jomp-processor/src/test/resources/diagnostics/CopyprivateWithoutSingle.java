// expect: error 8:23 "copyprivate"
public class CopyprivateWithoutSingle {

    static void run(int[] a) {
        //omp parallel
        {
            int v = 0;
            //omp for copyprivate(v)
            for (int i = 0; i < a.length; i++) {
                a[i] = v;
            }
        }
    }
}
