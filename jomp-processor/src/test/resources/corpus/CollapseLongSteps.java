/**
 * collapse(2) over long and int indices with non-unit and negative steps, with lastprivate of both indices (their
 * values after the loop are the sequential ones).
 */
public class CollapseLongSteps {
    public static void main(String[] args) {
        long sum = 0;
        long checksum = 0;
        //omp parallel for collapse(2) reduction(+:sum, checksum) schedule(guided, 2)
        for (long a = 10_000_000_000L; a > 9_999_999_000L; a -= 100) {
            for (int b = 1; b <= 31; b += 3) {
                sum += a % 1000 + b;
                checksum += (a / 100 % 97) * b;
            }
        }
        System.out.println("sum = " + sum + ", checksum = " + checksum);

        int i = -1;
        int j = -1;
        int cells = 0;
        //omp parallel for collapse(2) lastprivate(i, j) reduction(+:cells)
        for (i = 0; i < 9; i += 2) {
            for (j = 20; j > 0; j -= 7) {
                cells++;
            }
        }
        System.out.println("cells = " + cells);
        System.out.println("after the loop i = " + i + ", j = " + j);
    }
}
