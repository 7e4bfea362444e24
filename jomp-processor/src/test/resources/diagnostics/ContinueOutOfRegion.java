// expect: error 10:21 "continue"
public class ContinueOutOfRegion {

    static void run(int[][] a) {
        rows:
        for (int r = 0; r < a.length; r++) {
            //omp parallel for
            for (int i = 0; i < a[r].length; i++) {
                if (a[r][i] < 0) {
                    continue rows;
                }
                a[r][i] = i;
            }
        }
    }
}
