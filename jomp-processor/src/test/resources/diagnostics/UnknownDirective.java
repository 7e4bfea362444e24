// expect: error 5:15 "unknown directive" "paralel"
public class UnknownDirective {

    static void run(int[] a) {
        //omp paralel
        {
            a[0] = 1;
        }
    }
}
