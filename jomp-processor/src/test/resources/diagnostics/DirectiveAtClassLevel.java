// expect: error 4:5 "parallel"
public class DirectiveAtClassLevel {

    //omp parallel
    static int counter;

    static void run(int[] a) {
        a[0] = counter;
    }
}
