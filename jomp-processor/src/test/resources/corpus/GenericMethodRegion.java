import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/** Directives inside generic methods, with type parameters used in the region. */
public class GenericMethodRegion {
    static <T> long sumBy(List<T> items, ToLongFunction<? super T> key) {
        long sum = 0;
        //omp parallel for reduction(+:sum)
        for (int i = 0; i < items.size(); i++) {
            sum += key.applyAsLong(items.get(i));
        }
        return sum;
    }

    static <T, R> List<R> mapAll(List<T> items, Function<T, R> f) {
        List<R> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(null);
        }
        //omp parallel for schedule(static, 5)
        for (int i = 0; i < items.size(); i++) {
            out.set(i, f.apply(items.get(i)));
        }
        return out;
    }

    public static void main(String[] args) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            names.add("name" + i);
        }
        System.out.println("total length = " + sumBy(names, String::length));
        List<Integer> lengths = mapAll(names, String::length);
        System.out.println("lengths[0..12] = " + lengths.subList(0, 12) + ", last = " + lengths.get(299));
        System.out.println("sum of hash mod 100 = "
                + sumBy(mapAll(names, s -> s.hashCode() % 100), Integer::longValue));
    }
}
