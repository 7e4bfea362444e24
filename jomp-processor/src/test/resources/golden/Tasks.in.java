package golden;

import java.util.List;

/** task (shared, firstprivate, private, if, final, depend), taskwait, taskgroup, taskloop. */
public class Tasks {
    static long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x, y;
        //omp task shared(x) if(n > 20)
        x = fib(n - 1);
        //omp task shared(y) final(n < 10) untied
        y = fib(n - 2);
        //omp taskwait
        return x + y;
    }

    static void pipeline(List<String> log, double[] data) {
        int stage = 0;
        //omp parallel
        {
            //omp single
            {
                for (int k = 0; k < 3; k++) {
                    //omp task depend(out: data) firstprivate(k)
                    {
                        data[0] = k;
                    }
                    //omp task depend(in: data)
                    synchronized (log) {
                        log.add("saw " + data[0] + " after " + k);
                    }
                }
                //omp taskgroup
                {
                    //omp task private(stage)
                    {
                        stage = 7;
                        log.add("private stage " + stage);
                    }
                }
            }
        }
    }

    static void loop(int[] hits, int n) {
        //omp parallel
        //omp single
        //omp taskloop grainsize(64)
        for (int i = 0; i <= n; i++) {
            hits[i % hits.length] += i;
        }
    }
}
