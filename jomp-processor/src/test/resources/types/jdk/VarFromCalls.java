import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Locals whose types only the called methods tell: var from calls, for-each over a call, untyped lambda parameters;
 * and work-sharing for-each loops over a call's result.
 */
public class VarFromCalls {

    static Map<String, List<Integer>> groups(int n) {
        Map<String, List<Integer>> m = new HashMap<>();
        for (int i = 0; i < n; i++) {
            m.computeIfAbsent("g" + (i % 3), k -> new ArrayList<>()).add(i * i);
        }
        return m;
    }

    static TreeMap<String, List<Integer>> sorted(Map<String, List<Integer>> m) {
        return new TreeMap<>(m);
    }

    static long sumOf(List<Integer> xs) {
        long s = 0;
        for (int x : xs) {
            s += x;
        }
        return s;
    }

    static long[] evens(int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = 2L * i;
        }
        return out;
    }

    static List<? extends Number> numbers() {
        return List.of(3, 4.5, 6L);
    }

    public static void main(String[] args) {
        var m = groups(40);
        var list = List.of(1, 2);
        var total = sumOf(list);
        //omp parallel for reduction(+:total)
        for (int i = 0; i < 1000; i++) {
            total += i % 7;
        }
        System.out.println("total " + total);

        var generic = new HashMap<String, List<Integer>>(m);
        long sizes = 0;
        //omp parallel for firstprivate(generic, list) reduction(+:sizes)
        for (int i = 0; i < 30; i++) {
            sizes += generic.get("g" + (i % 3)).size() + list.size();
        }
        System.out.println("sizes " + sizes);

        var best = list.get(0);
        //omp parallel for shared(best)
        for (int i = 0; i < 100; i++) {
            //omp critical
            {
                if (i % 13 > best) {
                    best = i % 13;
                }
            }
        }
        System.out.println("best " + best);

        for (var e : sorted(m).entrySet()) {
            long s = 0;
            //omp parallel for firstprivate(e) reduction(+:s)
            for (int i = 0; i < e.getValue().size(); i++) {
                s += e.getValue().get(i);
            }
            System.out.println(e.getKey() + " " + s);
        }

        var first = numbers().get(0);
        double scaled = 0;
        //omp parallel for firstprivate(first) reduction(+:scaled)
        for (int i = 0; i < 10; i++) {
            scaled += first.doubleValue() * i;
        }
        System.out.println("scaled " + scaled);

        m.forEach((key, values) -> {
            int last = -1;
            //omp parallel for firstprivate(values) lastprivate(last)
            for (int i = 0; i < values.size(); i++) {
                last = values.get(i) + key.length();
            }
            System.out.println(key + " last " + last);
        });

        java.util.function.LongBinaryOperator addRange = (from, to) -> {
            //omp parallel for reduction(+:from)
            for (long i = 0; i < to; i++) {
                from += i;
            }
            return from;
        };
        System.out.println("range " + addRange.applyAsLong(5, 1000));

        long squares = 0;
        //omp parallel for reduction(+:squares)
        for (int x : sorted(m).get("g1")) {
            squares += x;
        }
        long evens = 0;
        //omp parallel for reduction(+:evens) schedule(dynamic, 3)
        for (var x : evens(50)) {
            evens += x;
        }
        System.out.println("squares " + squares + " evens " + evens);
    }
}
