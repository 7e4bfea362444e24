// expect: error 5:46 "chunk"
public class ZeroChunk {

    static void run(int[] a) {
        //omp parallel for schedule(dynamic, 0)
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
    }
}
