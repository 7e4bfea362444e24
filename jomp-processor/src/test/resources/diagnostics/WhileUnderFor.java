// expect: error 7:9 "for"
public class WhileUnderFor {

    static void run(int[] a) {
        int i = 0;
        //omp parallel for
        while (i < a.length) {
            a[i] = i;
            i++;
        }
    }
}
