/** The first user story: one directive over a summing loop. */
public class ParallelForSum {
    static int f(int i) {
        return (i * 7919) % 1000;
    }

    public static void main(String[] args) {
        int n = 100_000;
        long sum = 0;
        //omp parallel for reduction(+:sum)
        for (int i = 0; i < n; i++) {
            sum += f(i);
        }
        System.out.println("sum = " + sum);

        int count = 0;
        //omp parallel for reduction(+:count)
        for (int i = 0; i < n; i++) {
            if (f(i) > 500) {
                count++;
            }
        }
        System.out.println("count above 500 = " + count);
    }
}
