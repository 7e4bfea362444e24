// expect: error 8:13 "declaration"
public class DirectiveOnDeclaration {

    static long run(int[] a) {
        //omp parallel
        {
            //omp single
            long weight = a.length;
            a[0] = (int) weight;
        }
        return a[0];
    }
}
