package golden;

/** collapse(n) by linearisation, ordered, for-each over arrays and Lists. */
public class CollapseOrdered {
    static void collapse(int[][] m, int rows, int cols) {
        //omp parallel for collapse(2) schedule(dynamic, 2)
        for (int r = 0; r < rows; r++) {
            for (int c = 1; c <= cols; c++) {
                m[r][c - 1] = r * c;
            }
        }
    }

    static void ordered(int n) {
        //omp parallel for ordered schedule(dynamic)
        for (int i = 0; i < n; i++) {
            int sq = i * i;
            //omp ordered
            System.out.println(sq);
        }
    }

    static long forEach(int[] values, java.util.List<String> words) {
        long sum = 0;
        //omp parallel for reduction(+:sum)
        for (int v : values) {
            sum += v;
        }
        //omp parallel for reduction(+:sum)
        for (final String w : words) {
            sum += w.length();
        }
        return sum;
    }
}
