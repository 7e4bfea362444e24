// expect: error 5:40 "threadz"
public class UnknownNameInClauseExpression {

    static void run(int[] a) {
        //omp parallel for num_threads(threadz)
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
    }
}
