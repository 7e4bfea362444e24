package golden; import org.jomp.runtime.Omp; import org.jomp.runtime.Loop; import org.jomp.runtime.Schedule;

/** for: every schedule, nowait, and the canonical loop forms. */
public class ForSchedules {
    static void loops(double[] a, int n, long big, int chunk) {
        //omp parallel
        Omp.parallel(() -> { {
            //omp for
            { Loop i$loop = Omp.loop(0, n, 1, Schedule.STATIC, 0); while (i$loop.next()) { for (int i = i$loop.intStart(), i$end = i$loop.intEnd(); i < i$end; i++) a[i] = i; } i$loop.end(false); }
            //omp for schedule(static, 4) nowait
            { Loop i$loop2 = Omp.loop(0, n - 1, 2, Schedule.staticChunk(4), Loop.INCLUSIVE); long i$chunks = i$loop2.staticChunks(); int i$from = i$loop2.intStart(), i$stride = (int) i$loop2.stride(), i$span = (int) i$loop2.span(), i$last = (int) i$loop2.lastEnd(); for (; i$chunks != 0; i$chunks--, i$from += i$stride) { for (int i = i$from, i$end2 = i$chunks != 1 ? i$from + i$span : i$last; i < i$end2; i += 2) {
                a[i] += 1;
            } } i$loop2.end(true); }
            //omp for schedule(dynamic)
            { Loop i$loop3 = Omp.loop(n - 1, 0, -1, Schedule.dynamic(1), Loop.INCLUSIVE); while (i$loop3.next()) { for (int i = i$loop3.intStart(), i$end3 = i$loop3.intEnd(); i > i$end3; i--) {
                a[i] *= 2;
            } } i$loop3.end(false); }
            //omp for schedule(monotonic: dynamic, chunk)
            { Loop j$loop = Omp.loop(big, 0, -3, Schedule.dynamic(chunk).monotonic(), 0); while (j$loop.next()) { for (long j = j$loop.longStart(), j$end = j$loop.longEnd(); j > j$end; j -= 3) {
                a[(int) (j % n)] = j;
            } } j$loop.end(false); }
            //omp for schedule(guided, 8)
            { Loop i$loop4 = Omp.loop(0, n, 1, Schedule.guided(8), 0); while (i$loop4.next()) { for (int i = i$loop4.intStart(), i$end4 = i$loop4.intEnd(); i < i$end4; ++i) {
                a[i] -= 1;
            } } i$loop4.end(false); }
            //omp for schedule(auto)
            { Loop i$loop5 = Omp.loop(0, n, (chunk), Schedule.AUTO, 0); while (i$loop5.next()) { for (int i = i$loop5.intStart(), i$end5 = i$loop5.intEnd(); i < i$end5; i = i + chunk) {
                a[i] = 0;
            } } i$loop5.end(false); }
            //omp for schedule(runtime)
            { Loop i$loop6 = Omp.loop(0, n, 1, Schedule.RUNTIME, 0); while (i$loop6.next()) { for (int i = i$loop6.intStart(), i$end6 = i$loop6.intEnd(); i < i$end6; i++) {
                a[i] = 1;
            } } i$loop6.end(false); }
        } });
    }

    static int outerIndex(int[] b) {
        int i;
        { int[] i$shared = new int[1]; //omp parallel for lastprivate(i)
        Omp.parallel(() -> { { int i$ = 0; Loop i$loop7 = Omp.loop(0, b.length, 1, Schedule.STATIC, 0); while (i$loop7.next()) { int i$end7 = i$loop7.intEnd(); for (i$ = i$loop7.intStart(); i$ < i$end7; i$++) {
            b[i$] = i$;
        } } if (i$loop7.last()) { i$shared[0] = i$; } i$loop7.end(true); } }); i = i$shared[0]; }
        return i;
    }
}
