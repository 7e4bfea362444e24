// expect: error 9:17 "for"
public class NestedWorksharing {

    static void run(int[][] a) {
        //omp parallel
        {
            //omp for
            for (int i = 0; i < a.length; i++) {
                //omp for
                for (int j = 0; j < a[i].length; j++) {
                    a[i][j] = j;
                }
            }
        }
    }
}
