/** Integer matrix multiplication with the outer loop shared and private inner indices. */
public class MatrixMultiply {
    public static void main(String[] args) {
        int n = 120;
        long[][] a = new long[n][n];
        long[][] b = new long[n][n];
        long[][] c = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (i + 2L * j) % 11;
                b[i][j] = (3L * i + j) % 7;
            }
        }
        int j;
        int k;
        //omp parallel for private(j, k) schedule(static)
        for (int i = 0; i < n; i++) {
            for (j = 0; j < n; j++) {
                long s = 0;
                for (k = 0; k < n; k++) {
                    s += a[i][k] * b[k][j];
                }
                c[i][j] = s;
            }
        }
        long trace = 0;
        long checksum = 0;
        for (int i = 0; i < n; i++) {
            trace += c[i][i];
            for (int q = 0; q < n; q++) {
                checksum = (checksum * 131 + c[i][q]) % 1_000_000_007L;
            }
        }
        System.out.println("trace = " + trace + ", checksum = " + checksum);
    }
}
