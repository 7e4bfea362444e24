// expect: error 5:48 "'//' in the expression of 'schedule'"
public class LineCommentInsideDirective {

    static void run(int[] a) {
        //omp parallel for schedule(dynamic, 8 // ) nowait
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
    }
}
