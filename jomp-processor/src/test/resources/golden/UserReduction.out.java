package golden; import org.jomp.runtime.Omp; import org.jomp.runtime.Loop; import org.jomp.runtime.Schedule;

import java.util.ArrayList;
import java.util.List;

/** declare reduction: a user-defined reduction with an initializer, used on locals of a reference type. */
public class UserReduction {
    //omp declare reduction(concat : StringBuilder : omp_out.append(omp_in)) initializer(omp_priv = new StringBuilder())
    //omp declare reduction(merge : List<Integer> : omp_out.addAll(omp_in)) initializer(new ArrayList<>())

    static String run(int n) {
        StringBuilder text = new StringBuilder();
        List<Integer> evens = new ArrayList<>();
        { StringBuilder[] text$shared = {text}; @SuppressWarnings("unchecked") List<Integer>[] evens$shared = new List[] {evens}; //omp parallel for reduction(concat:text) reduction(merge:evens) schedule(static, 1)
        Omp.parallel(() -> { { StringBuilder text$ = new StringBuilder(); List<Integer> evens$ = new ArrayList<>(); Loop i$loop = Omp.loop(0, n, 1, Schedule.staticChunk(1), 0); long i$chunks = i$loop.staticChunks(); int i$from = i$loop.intStart(), i$stride = (int) i$loop.stride(), i$span = (int) i$loop.span(), i$last = (int) i$loop.lastEnd(); for (; i$chunks != 0; i$chunks--, i$from += i$stride) { for (int i = i$from, i$end = i$chunks != 1 ? i$from + i$span : i$last; i < i$end; i++) {
            text$.append(i % 10);
            if (i % 2 == 0) {
                evens$.add(i);
            }
        } } Omp.reductionLock(); try { text$shared[0].append(text$); evens$shared[0].addAll(evens$); } finally { Omp.reductionUnlock(); } i$loop.end(true); } }); text = text$shared[0]; evens = evens$shared[0]; }
        return text.length() + " " + evens.size();
    }
}
