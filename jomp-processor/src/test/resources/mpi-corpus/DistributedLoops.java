import java.util.Arrays;

/** //mpi for: block and cyclic schedules, steps, long indices, reductions, gather and allgather. */
public class DistributedLoops {
    public static void main(String[] args) {
        int last = Integer.parseInt(args[1]) - 1;
        int n = 37;
        long sum = 5;
        //mpi for reduction(+:sum)
        for (int i = 0; i < n; i++) {
            sum += (long) i * i;
        }
        long odd = 0;
        int lowest = Integer.MAX_VALUE;
        int highest = Integer.MIN_VALUE;
        //mpi for schedule(cyclic, 3) reduction(+:odd) reduction(min:lowest) reduction(max:highest)
        for (int i = 2 * n; i >= 1; i -= 2) {
            odd += i * 7L % 13;
            lowest = Math.min(lowest, (i * 31) % 101);
            highest = Math.max(highest, (i * 17) % 89);
        }
        double product = 1;
        //mpi for schedule(cyclic) reduction(*:product)
        for (long k = 1; k <= 20; k++) {
            product *= k % 3 + 1;
        }
        boolean all = true;
        boolean any = false;
        //mpi for schedule(block) reduction(&&:all) reduction(||:any)
        for (int i = 0; i < n; i++) {
            all = all && i < 100;
            any = any || i == 30;
        }
        int[] squares = new int[n + 2];
        double[][] rows = new double[n + 2][3];
        //mpi for gather(squares) gather(rows) root(last)
        for (int i = 2; i < n + 2; i++) {
            squares[i] = i * i;
            rows[i][i % 3] = i;
        }
        long[] cubes = new long[n];
        //mpi for allgather(cubes)
        for (int i = 0; i < n; i++) {
            cubes[i] = (long) i * i * i;
        }
        long check = 0;
        for (long c : cubes) {
            check += c;
        }
        int count = 0;
        int index;
        //mpi for reduction(+:count)
        for (index = 0; index < 10; index++) {
            count++;
        }
        int[] cyclic = new int[40];
        double[][] cyclicRows = new double[40][2];
        //mpi for schedule(cyclic, 3) gather(cyclic) allgather(cyclicRows) root(last)
        for (int i = 1; i < 40; i++) {
            cyclic[i] = i * 3;
            cyclicRows[i][1] = i;
        }
        long[] flat = new long[2 * n];
        //mpi for schedule(cyclic, 2) allgather(flat) elements(2)
        for (int i = 0; i < n; i++) {
            flat[2 * i] = i;
            flat[2 * i + 1] = -7L * i;
        }
        //mpi bcast(squares, rows, cyclic) root(last)
        //mpi master
        {
            System.out.println("sum " + sum + " odd " + odd + " lowest " + lowest + " highest " + highest);
            System.out.println("product " + product + " all " + all + " any " + any + " count " + count);
            System.out.println("squares " + Arrays.toString(squares));
            System.out.println("rows " + Arrays.deepToString(rows));
            System.out.println("cubes " + check);
            System.out.println("cyclic " + Arrays.toString(cyclic) + " " + Arrays.deepToString(cyclicRows) + " "
                    + Arrays.toString(flat));
        }
    }
}
