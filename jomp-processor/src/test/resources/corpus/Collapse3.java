/** collapse(3): three nested loops, one iteration space, round-robin chunks. */
public class Collapse3 {
    public static void main(String[] args) {
        int n = 6;
        int m = 5;
        int p = 4;
        int[][][] cube = new int[n][m][p];
        //omp parallel for collapse(3) schedule(static, 2)
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < p; k++) {
                    cube[i][j][k] = i * 10000 + j * 100 + k;
                }
            }
        }
        long checksum = 0;
        for (int[][] plane : cube) {
            for (int[] row : plane) {
                for (int v : row) {
                    checksum = checksum * 31 + v;
                }
            }
        }
        System.out.println("checksum = " + checksum);
    }
}
