// expect: warning 9:17 "largest"
public class SharedWriteRaceInCondition {

    static int run(int[] a) {
        int largest = Integer.MIN_VALUE;
        //omp parallel for
        for (int i = 0; i < a.length; i++) {
            if (a[i] > largest) {
                largest = a[i];
            }
        }
        return largest;
    }
}
