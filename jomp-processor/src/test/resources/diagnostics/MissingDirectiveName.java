// expect: error 5:14 "directive"
public class MissingDirectiveName {

    static void run(int[] a) {
        //omp
        a[0] = 1;
    }
}
