/** threadprivate statics: each thread has its own copy, copyin starts it at the master's value, and it persists. */
public class ThreadprivateCopyin {
    //omp threadprivate(base)
    static int base;

    public static void main(String[] args) {
        int n = 1000;
        base = 7;
        long sum = 0;
        //omp parallel copyin(base) reduction(+:sum)
        {
            base = base + 1;
            //omp for
            for (int i = 0; i < n; i++) {
                sum += base;
            }
        }
        System.out.println("sum with base 8 = " + sum);
        System.out.println("master's base = " + base);

        long again = 0;
        //omp parallel reduction(+:again)
        {
            //omp for
            for (int i = 0; i < n; i++) {
                again += base;
            }
        }
        System.out.println("sum with persisted base = " + again);
    }
}
