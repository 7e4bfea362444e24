// expect: error 5:44 "runtime"
public class RuntimeScheduleWithChunk {

    static void run(int[] a) {
        //omp parallel for schedule(runtime, 4)
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
    }
}
