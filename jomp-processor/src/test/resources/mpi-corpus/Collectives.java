import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every collective directive on every kind of variable. Values are made different on every rank first (from the
 * rank number, via //mpi on), so a collective that did nothing would change the output.
 */
public class Collectives {

    static int counter = 3;
    static double[] field = new double[4];

    record Point(int x, int y) implements Serializable {
    }

    public static void main(String[] args) {
        int ranks = Integer.parseInt(args[1]);
        int last = ranks - 1;

        // bcast: a primitive local, a field, an array, a slice, a matrix, a String, a list, a record
        int answer = 0;
        double[] values = new double[5];
        long[] slice = new long[6];
        int[][] matrix = new int[3][2];
        String text = null;
        List<Integer> list = null;
        Point point = null;
        //mpi on(last)
        {
            answer = 42;
            counter = 7;
            Arrays.fill(values, 1.5);
            Arrays.fill(slice, 2, 4, 9L);
            matrix[1][1] = 5;
            text = "from the root";
            list = new ArrayList<>(List.of(1, 2, 3));
            point = new Point(3, 4);
        }
        //mpi bcast(answer, counter, values, slice[2 : 4], matrix, text, list, point) root(last)
        //mpi master
        System.out.println("bcast " + answer + " " + counter + " " + Arrays.toString(values) + " "
                + Arrays.toString(slice) + " " + Arrays.deepToString(matrix) + " " + text + " " + list + " " + point);

        // reduce / allreduce: every rank contributes the same values, so the result scales with the rank count;
        // rank 0 divides it back out after the allreduce.
        long total = 10;
        double[] sums = {1, 2, 3};
        int[] partial = {1, 1, 1, 1};
        boolean flag = true;
        //mpi allreduce(+: total, sums, partial[1 : 3])
        //mpi allreduce(&&: flag)
        //mpi master
        System.out.println("allreduce " + total / ranks + " " + sums[2] / ranks + " " + (partial[1] / ranks)
                + partial[0] + partial[3] + " " + flag);
        int biggest = 0;
        //mpi on(last)
        biggest = 99;
        int[] mins = {5, 6};
        //mpi reduce(max: biggest) root(0)
        //mpi reduce(min: mins) root(last)
        //mpi bcast(mins) root(last)
        //mpi master
        System.out.println("reduce " + biggest + "\nreduce min " + Arrays.toString(mins));

        // scatter: root's array cut into blocks; one element per rank; objects; a Divisible
        int[] source = null;
        //mpi on(last)
        {
            source = new int[2 * ranks];
            for (int i = 0; i < source.length; i++) {
                source[i] = i * 10;
            }
        }
        int[] mine = new int[2];
        //mpi scatter(source -> mine) root(last)
        int one = -1;
        //mpi scatter(source[0 : ranks] -> one) root(last)
        String[] names = new String[ranks];
        for (int i = 0; i < ranks; i++) {
            names[i] = "name" + i;
        }
        String myName = null;
        //mpi scatter(names -> myName)
        Rows rows = new Rows(ranks);
        //mpi master
        for (int i = 0; i < ranks; i++) {
            rows.data[i] = i + 100;
        }
        Integer myRow = null;
        //mpi scatter(rows -> myRow)

        // gather / allgather back: the root sees the scattered data again
        int[] back = new int[2 * ranks];
        //mpi gather(mine -> back)
        int[] ones = new int[ranks];
        //mpi allgather(one -> ones)
        String[] namesBack = new String[ranks];
        //mpi allgather(myName -> namesBack)
        Rows rowsBack = new Rows(ranks);
        //mpi gather(myRow -> rowsBack) root(last)
        //mpi master
        System.out.println("gather " + Arrays.toString(back) + " " + Arrays.toString(ones) + " "
                + Arrays.toString(namesBack));
        int[] rowData = rowsBack.data;
        //mpi bcast(rowData) root(last)
        //mpi master
        System.out.println("divisible " + Arrays.toString(rowData));

        // alltoall: block j of every rank goes to rank j
        int[] send = new int[ranks];
        int[] received = new int[ranks];
        Arrays.fill(send, 1);
        //mpi alltoall(send -> received)
        String[] out = new String[ranks];
        for (int i = 0; i < ranks; i++) {
            out[i] = "to" + i;
        }
        String[] in = new String[ranks];
        //mpi alltoall(out -> in)
        //mpi barrier
        //mpi master
        System.out.println("alltoall " + Arrays.stream(received).sum() / ranks + " " + String.join(",", in));

        // scatter and gather of blocks of different lengths: the last rank takes two elements
        int[] part = new int[1];
        //mpi on(last)
        part = new int[2];
        int[] whole = null;
        //mpi master
        {
            whole = new int[ranks + 1];
            for (int i = 0; i < whole.length; i++) {
                whole[i] = 5 * i;
            }
        }
        //mpi scatter(whole -> part)
        int[] again = new int[ranks + 3];
        //mpi gather(part -> again[2 : ranks + 3])
        //mpi master
        System.out.println("uneven " + Arrays.toString(again));
    }

    /** A Divisible: one row per rank, only the rows travel. */
    static final class Rows implements org.jomp.msg.Divisible<Integer> {
        final int[] data;

        Rows(int n) {
            data = new int[n];
        }

        @Override
        public Integer part(int index, int parts) {
            return data[index];
        }

        @Override
        public void setPart(int index, int parts, Integer part) {
            data[index] = part;
        }
    }
}
