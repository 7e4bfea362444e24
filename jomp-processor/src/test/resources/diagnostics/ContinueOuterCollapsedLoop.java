// expect: error 9:34 "continue" "collapsed"
public class ContinueOuterCollapsedLoop {

    static void run(int[][] a) {
        //omp parallel for collapse(2)
        rows:
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                if (a[i][j] < 0) continue rows;
                a[i][j] = i + j;
            }
        }
    }
}
