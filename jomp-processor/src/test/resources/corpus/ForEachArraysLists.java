import java.util.ArrayList;
import java.util.List;

/** for-each loops over arrays and random-access Lists as work-sharing loops. */
public class ForEachArraysLists {
    public static void main(String[] args) {
        int[] numbers = new int[5000];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = i % 97;
        }
        long sum = 0;
        //omp parallel for reduction(+:sum)
        for (int x : numbers) {
            sum += x;
        }
        System.out.println("array sum = " + sum);

        List<String> words = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            words.add("w" + (i % 37));
        }
        int letters = 0;
        int longest = 0;
        //omp parallel for reduction(+:letters) reduction(max:longest) schedule(dynamic, 10)
        for (String w : words) {
            letters += w.length();
            longest = Math.max(longest, w.length());
        }
        System.out.println("letters = " + letters + ", longest = " + longest);

        double[][] rows = new double[30][4];
        //omp parallel
        {
            //omp for
            for (double[] row : rows) {
                java.util.Arrays.fill(row, 0.25);
            }
        }
        double total = 0;
        for (double[] row : rows) {
            for (double v : row) {
                total += v;
            }
        }
        System.out.println("rows total = " + total);
    }
}
