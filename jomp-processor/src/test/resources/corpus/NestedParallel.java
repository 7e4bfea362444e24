/** Nested parallel regions: an inner team per outer thread; work-sharing binds to the innermost team. */
public class NestedParallel {
    public static void main(String[] args) {
        int rows = 8;
        int cols = 50;
        long[][] m = new long[rows][cols];
        //omp parallel for num_threads(2)
        for (int i = 0; i < rows; i++) {
            //omp parallel for num_threads(2)
            for (int j = 0; j < cols; j++) {
                m[i][j] = (long) i * cols + j;
            }
        }
        long total = 0;
        //omp parallel reduction(+:total)
        {
            //omp for
            for (int i = 0; i < rows; i++) {
                long rowSum = 0;
                //omp parallel reduction(+:rowSum)
                {
                    //omp for
                    for (int j = 0; j < cols; j++) {
                        rowSum += m[i][j];
                    }
                }
                total += rowSum;
            }
        }
        System.out.println("total = " + total);
    }
}
