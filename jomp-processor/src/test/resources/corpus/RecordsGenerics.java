import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Records, generics and var inside and around a region. */
public class RecordsGenerics {
    record Point(int x, int y) {
        int dist2() {
            return x * x + y * y;
        }
    }

    record Pair<A, B>(A first, B second) {
    }

    static <T extends Comparable<T>> T larger(T a, T b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    public static void main(String[] args) {
        var points = new ArrayList<Point>();
        for (int i = 0; i < 500; i++) {
            points.add(new Point(i % 23 - 11, i % 17 - 8));
        }
        long within = 0;
        int far = 0;
        //omp parallel for reduction(+:within) reduction(max:far)
        for (int i = 0; i < points.size(); i++) {
            var p = points.get(i);
            if (p.dist2() <= 50) {
                within++;
            }
            far = larger(far, p.dist2());
        }
        System.out.println("within = " + within + ", farthest^2 = " + far);

        Map<Integer, List<Pair<Integer, String>>> byDist = new TreeMap<>();
        //omp parallel for
        for (int i = 0; i < 40; i++) {
            Pair<Integer, String> pair = new Pair<>(points.get(i).dist2(), "p" + i);
            //omp critical
            {
                byDist.computeIfAbsent(pair.first(), k -> new ArrayList<>()).add(pair);
            }
        }
        int entries = 0;
        for (var e : byDist.entrySet()) {
            entries += e.getValue().size();
        }
        System.out.println("distances = " + byDist.keySet() + ", entries = " + entries);
    }
}
