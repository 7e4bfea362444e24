// expect: error 7:13 "ordered"
public class OrderedWithoutClause {

    static void run(int[] a) {
        //omp parallel for
        for (int i = 0; i < a.length; i++) {
            //omp ordered
            {
                a[i] = i;
            }
        }
    }
}
