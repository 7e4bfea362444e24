package golden; import org.jomp.runtime.Omp;

import java.util.List;

/** task (shared, firstprivate, private, if, final, depend), taskwait, taskgroup, taskloop. */
public class Tasks {
    static long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x, y; long[] x$cell = new long[1]; long[] y$cell = new long[1];
        //omp task shared(x) if(n > 20)
        Omp.task(n > 20, false, null, null, () -> { x$cell[0] = fib(n - 1); });
        //omp task shared(y) final(n < 10) untied
        Omp.task(true, n < 10, null, null, () -> { y$cell[0] = fib(n - 2); });
        Omp.taskwait(); //omp taskwait
        return x$cell[0] + y$cell[0];
    }

    static void pipeline(List<String> log, double[] data) {
        int stage = 0;
        //omp parallel
        Omp.parallel(() -> { {
            //omp single
            if (Omp.singleBegin()) { {
                for (int k = 0; k < 3; k++) {
                    { var k$ = k; //omp task depend(out: data) firstprivate(k)
                    Omp.task(true, false, null, new Object[] {data}, () -> { int k$2 = k$; {
                        data[0] = k$2;
                    } }); }
                    { var k$3 = k; //omp task depend(in: data)
                    Omp.task(true, false, new Object[] {data}, null, () -> { synchronized (log) {
                        log.add("saw " + data[0] + " after " + k$3);
                    } }); }
                }
                //omp taskgroup
                Omp.taskgroup(() -> { {
                    //omp task private(stage)
                    Omp.task(() -> { int stage$ = 0; {
                        stage$ = 7;
                        log.add("private stage " + stage$);
                    } });
                } });
            } } Omp.singleEnd(false);
        } });
    }

    static void loop(int[] hits, int n) {
        //omp parallel
        //omp single
        //omp taskloop grainsize(64)
        Omp.parallel(() -> { if (Omp.singleBegin()) { Omp.taskloop(0, (n) + 1, 1, 64, 0, (i$start, i$end) -> { for (int i = (int) i$start; i < i$end; i++) {
            hits[i % hits.length] += i;
        } }); } Omp.singleEnd(false); });
    }
}
