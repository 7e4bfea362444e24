/** collapse(2): the two loops form one iteration space shared among the threads. */
public class Collapse2 {
    public static void main(String[] args) {
        int rows = 7;
        int cols = 13;
        int[][] grid = new int[rows][cols];
        long sum = 0;
        //omp parallel for collapse(2) reduction(+:sum) schedule(dynamic, 3)
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                grid[i][j] = i * 100 + j;
                sum += grid[i][j];
            }
        }
        System.out.println("sum = " + sum);
        System.out.println("corner = " + grid[rows - 1][cols - 1] + ", row 3 = " + java.util.Arrays.toString(grid[3]));
    }
}
