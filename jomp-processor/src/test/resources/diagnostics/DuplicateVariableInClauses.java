// expect: error 6:52 "alpha"
public class DuplicateVariableInClauses {

    static void run(int[] a) {
        int alpha = 1;
        //omp parallel private(alpha) firstprivate(alpha)
        {
            alpha = a.length;
        }
    }
}
