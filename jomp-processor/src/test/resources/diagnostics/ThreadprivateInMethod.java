// expect: error 7:9 "threadprivate"
public class ThreadprivateInMethod {

    static int counter;

    static void run(int[] a) {
        //omp threadprivate(counter)
        a[0] = counter;
    }
}
