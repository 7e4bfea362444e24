// expect: error 9:28 "break" "work-sharing loop"
public class BreakInCollapsedLoop {

    static long run(int n) {
        long s = 0;
        //omp parallel for collapse(2) reduction(+:s)
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (j > i) break;
                s += 10 * i + j;
            }
        }
        return s;
    }
}
