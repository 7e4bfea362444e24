// expect: error 7:32 "unknown clause" "privat"
public class ErrorInsideInnerClass {

    class Worker {
        void run(int[] a) {
            int t = 0;
            //omp parallel for privat(t)
            for (int i = 0; i < a.length; i++) {
                t = a[i];
                a[i] = t + 1;
            }
        }
    }
}
