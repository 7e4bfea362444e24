// expect: error 7:26 "atomic" "sideways"
public class UnknownAtomicKind {

    static void run(int[] a) {
        //omp parallel
        {
            //omp atomic sideways
            a[0]++;
        }
    }
}
