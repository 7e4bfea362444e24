/** schedule(auto) and schedule(runtime): the harness runs this under every OMP_SCHEDULE kind. */
public class ScheduleAutoRuntime {
    public static void main(String[] args) {
        int n = 777;
        int[] owner = new int[n];
        //omp parallel for schedule(auto)
        for (int i = 0; i < n; i++) {
            owner[i] += i;
        }
        long sum = 0;
        //omp parallel for schedule(runtime) reduction(+:sum)
        for (int i = 0; i < n; i++) {
            sum += owner[i];
            owner[i] = -owner[i];
        }
        System.out.println("sum = " + sum);
        long check = 0;
        for (int v : owner) {
            check += v;
        }
        System.out.println("negated = " + check);
    }
}
