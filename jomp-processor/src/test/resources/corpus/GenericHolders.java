import java.util.ArrayList;
import java.util.List;

/**
 * Shared locals typed by type variables and generic types, which a region or a task assigns: their holders cannot
 * be generic arrays, so the translation creates arrays of the erasure.
 */
public class GenericHolders {

    static <T extends Comparable<T>> T maxOf(List<T> xs) {
        T best = null;
        //omp parallel for
        for (int i = 0; i < xs.size(); i++) {
            T x = xs.get(i);
            //omp critical
            if (best == null || x.compareTo(best) > 0) best = x;
        }
        return best;
    }

    static <T> T lastOf(List<T> xs) {
        T last = null;
        //omp parallel for lastprivate(last)
        for (int i = 0; i < xs.size(); i++) last = xs.get(i);
        return last;
    }

    static <T extends Number> T[] firstAndLast(List<T> xs, T[] pair) {
        T[] result;
        List<T> seen = null;
        //omp parallel num_threads(3)
        {
            //omp single
            {
                result = pair;
                result[0] = xs.get(0);
                result[1] = xs.get(xs.size() - 1);
                seen = new ArrayList<>(xs);
            }
        }
        return seen.size() == xs.size() ? result : null;
    }

    static <K extends CharSequence> K longer(K a, K b) {
        K pick;
        //omp parallel
        {
            //omp single
            {
                //omp task shared(pick)
                pick = a.length() >= b.length() ? a : b;
            }
        }
        return pick;
    }

    /** An orphaned task: the shared local lives in a cell for its whole scope. */
    static <K extends CharSequence> K shorter(K a, K b) {
        K pick = null;
        //omp task shared(pick)
        pick = a.length() <= b.length() ? a : b;
        //omp taskwait
        return pick;
    }

    static final class Box<E> {
        private final List<E> items = new ArrayList<>();

        E lastAdded(List<E> more) {
            E last = null;
            //omp parallel for lastprivate(last) schedule(dynamic, 2)
            for (int i = 0; i < more.size(); i++) {
                items.size();
                last = more.get(i);
            }
            return last;
        }
    }

    public static void main(String[] args) {
        System.out.println("max = " + maxOf(List.of(3, 9, 2, 7)) + ", " + maxOf(List.of("pear", "apple", "zoo")));
        System.out.println("last = " + lastOf(List.of("x", "y", "z")));
        Integer[] pair = firstAndLast(List.of(4, 5, 6), new Integer[2]);
        System.out.println("first and last = " + pair[0] + " " + pair[1]);
        System.out.println("longer = " + longer("abc", new StringBuilder("abcd")));
        String[] shortest = new String[1];
        //omp parallel
        {
            //omp single
            shortest[0] = shorter("abc", "ab");
        }
        System.out.println("shorter = " + shortest[0]);
        System.out.println("box = " + new Box<String>().lastAdded(List.of("a", "b", "c", "d", "e")));
    }
}
