/** default(none) with every variable listed, and default(shared) spelled out. */
public class DefaultNoneShared {
    public static void main(String[] args) {
        int n = 5000;
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 17;
        }
        double sum = 0;
        //omp parallel for default(none) shared(a, n) reduction(+:sum)
        for (int i = 0; i < n; i++) {
            sum += a[i] * 2;
        }
        System.out.println("twice the sum = " + (long) sum);

        int[] marks = new int[n];
        //omp parallel default(shared)
        {
            //omp for
            for (int i = 0; i < n; i++) {
                marks[i] = (int) a[i] + 1;
            }
        }
        int total = 0;
        for (int m : marks) {
            total += m;
        }
        System.out.println("marks = " + total);
    }
}
