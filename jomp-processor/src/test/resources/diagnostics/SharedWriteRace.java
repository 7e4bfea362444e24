// expect: warning 8:13 "total"
public class SharedWriteRace {

    static int run(int[] a) {
        int total = 0;
        //omp parallel for
        for (int i = 0; i < a.length; i++) {
            total += a[i];
        }
        return total;
    }
}
