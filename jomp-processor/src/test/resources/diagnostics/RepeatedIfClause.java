// expect: error 5:30 "if"
public class RepeatedIfClause {

    static void run(int[] a, boolean p, boolean q) {
        //omp parallel if(p) if(q)
        {
            a[0] = 1;
        }
    }
}
