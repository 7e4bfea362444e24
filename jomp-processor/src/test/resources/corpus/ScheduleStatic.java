/** schedule(static) with and without a chunk: every iteration runs exactly once. */
public class ScheduleStatic {
    public static void main(String[] args) {
        int n = 1003;
        int[] hits = new int[n];
        //omp parallel for schedule(static)
        for (int i = 0; i < n; i++) {
            hits[i]++;
        }
        //omp parallel for schedule(static, 1)
        for (int i = 0; i < n; i++) {
            hits[i] += 10;
        }
        //omp parallel for schedule(static, 7)
        for (int i = 0; i < n; i++) {
            hits[i] += 100;
        }
        int chunk = 64;
        //omp parallel for schedule(static, chunk)
        for (int i = 0; i < n; i++) {
            hits[i] += 1000;
        }
        boolean exact = true;
        for (int h : hits) {
            exact &= h == 1111;
        }
        System.out.println("every iteration once per loop: " + exact);
    }
}
