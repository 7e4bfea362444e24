// expect: error 9:35 "depend"
public class BadDependType {

    static void run(int[] a) {
        //omp parallel
        {
            //omp single
            {
                //omp task depend(sideways: a)
                a[0] = 1;
            }
        }
    }
}
