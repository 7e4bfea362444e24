package golden; import org.jomp.runtime.Omp; import org.jomp.runtime.Loop; import org.jomp.runtime.Schedule;

/** collapse(n) by linearisation, ordered, for-each over arrays and Lists. */
public class CollapseOrdered {
    static void collapse(int[][] m, int rows, int cols) {
        //omp parallel for collapse(2) schedule(dynamic, 2)
        Omp.parallel(() -> { { long r$trips = Math.max(0L, (long) (rows) - (0)), c$trips = Math.max(0L, (long) (cols) - (1) + 1); Loop r$loop = Omp.loop(0, r$trips * c$trips, 1, Schedule.dynamic(2), 0); while (r$loop.next()) { for (long r$linear = r$loop.longStart(), r$linearEnd = r$loop.longEnd(); r$linear < r$linearEnd; r$linear++) { int r = (int) (0 + r$linear / (c$trips)); {
            int c = (int) (1 + (r$linear) % c$trips); {
                m[r][c - 1] = r * c;
            }
        } } } r$loop.end(true); } });
    }

    static void ordered(int n) {
        //omp parallel for ordered schedule(dynamic)
        Omp.parallel(() -> { { Loop i$loop = Omp.loop(0, n, 1, Schedule.dynamic(1), Loop.ORDERED); while (i$loop.next()) { for (int i = i$loop.intStart(), i$end = i$loop.intEnd(); i < i$end; i++) {
            int sq = i * i;
            //omp ordered
            Omp.orderedBegin(i); try { System.out.println(sq); } finally { Omp.orderedEnd(); }
        } } i$loop.end(true); } });
    }

    static long forEach(int[] values, java.util.List<String> words) {
        long sum = 0;
        { long[] sum$shared = {sum}; //omp parallel for reduction(+:sum)
        Omp.parallel(() -> { { long sum$ = 0L; var v$items = values; Loop v$loop = Omp.loop(0, v$items.length, 1, Schedule.STATIC, 0); while (v$loop.next()) { for (int v$index = v$loop.intStart(), v$end = v$loop.intEnd(); v$index < v$end; v$index++) { int v = v$items[v$index]; {
            sum$ += v;
        } } } Omp.reductionLock(); try { sum$shared[0] += sum$; } finally { Omp.reductionUnlock(); } v$loop.end(true); } }); sum = sum$shared[0]; }
        { long[] sum$shared2 = {sum}; //omp parallel for reduction(+:sum)
        Omp.parallel(() -> { { long sum$2 = 0L; var w$items = words; Loop w$loop = Omp.loop(0, w$items.size(), 1, Schedule.STATIC, 0); while (w$loop.next()) { for (int w$index = w$loop.intStart(), w$end = w$loop.intEnd(); w$index < w$end; w$index++) { final String w = w$items.get(w$index); {
            sum$2 += w.length();
        } } } Omp.reductionLock(); try { sum$shared2[0] += sum$2; } finally { Omp.reductionUnlock(); } w$loop.end(true); } }); sum = sum$shared2[0]; }
        return sum;
    }
}
