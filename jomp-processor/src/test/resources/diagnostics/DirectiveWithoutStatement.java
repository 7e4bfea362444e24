// expect: error 6:9 "statement"
public class DirectiveWithoutStatement {

    static void run(int[] a) {
        a[0] = 1;
        //omp parallel
    }
}
