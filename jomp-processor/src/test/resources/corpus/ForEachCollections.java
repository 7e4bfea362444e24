import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Work-sharing for-each loops over Iterables that are not Lists (a Set, a Collection, a Deque, a plain Iterable and
 * a user's Iterable): the iterations follow the iteration order, so lastprivate and ordered see it too.
 */
public class ForEachCollections {

    /** The squares below a bound, as an Iterable only. */
    record Squares(int below) implements Iterable<Integer> {
        @Override
        public Iterator<Integer> iterator() {
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i * i < below; i++) {
                all.add(i * i);
            }
            return all.iterator();
        }
    }

    public static void main(String[] args) {
        Set<Integer> set = new TreeSet<>(List.of(9, 1, 4, 16, 25));
        long s = 0;
        int last = -1;
        //omp parallel for reduction(+:s) lastprivate(last)
        for (int x : set) {
            s += x;
            last = x;
        }
        System.out.println("set: sum " + s + ", last " + last);

        Collection<Integer> coll = new ArrayList<>(List.of(1, 2, 3));
        Iterable<Integer> iterable = List.of(5, 6);
        ArrayDeque<String> deque = new ArrayDeque<>(List.of("a", "bb", "ccc"));
        long t = 0;
        //omp parallel
        {
            //omp for reduction(+:t) nowait
            for (Integer x : coll) t += x;
            //omp for reduction(+:t) nowait
            for (var x : iterable) t += 10 * x;
            //omp for reduction(+:t) schedule(dynamic)
            for (String w : deque) t += 100 * w.length();
        }
        System.out.println("collection, iterable, deque: " + t);

        Set<String> words = new LinkedHashSet<>(List.of("one", "two", "three", "four"));
        //omp parallel for ordered schedule(dynamic, 1)
        for (String w : words) {
            String upper = w.toUpperCase();
            //omp ordered
            System.out.println(upper);
        }

        long squares = 0;
        Squares below50 = new Squares(50);
        //omp parallel for reduction(+:squares)
        for (int q : below50) squares += q;
        System.out.println("squares below 50: " + squares);
    }
}
