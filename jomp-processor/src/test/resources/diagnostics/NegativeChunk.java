// expect: error 7:40 "chunk"
public class NegativeChunk {

    static void run(int[] a) {
        //omp parallel
        {
            //omp for schedule(static, -4)
            for (int i = 0; i < a.length; i++) {
                a[i] = i;
            }
        }
    }
}
