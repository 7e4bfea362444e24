// expect: error 7:51 "collapse"
public class CollapseDeeperThanNest {

    static void run(int[][] a) {
        //omp parallel for collapse(3)
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                a[i][j] = i + j;
            }
        }
    }
}
