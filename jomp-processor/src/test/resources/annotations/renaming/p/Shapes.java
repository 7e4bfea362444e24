package p;

import static p.Shapes.Kind.CIRCLE;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What the processor's renaming must carry through: a generic class naming itself (Shapes.this, Shapes::total,
 * new Shapes<>, a static import of its own member), a nested enum and record, a second top-level interface with
 * a directive of its own, and class names printed at run time.
 */
public class Shapes<T extends Comparable<T>> {

    enum Kind { CIRCLE, SQUARE }

    record Box(Kind kind, int size) {
        long area() {
            return kind == CIRCLE ? 3L * size * size : (long) size * size;
        }
    }

    private final List<Box> boxes = new ArrayList<>();

    Shapes(int n) {
        for (int i = 0; i < n; i++) {
            boxes.add(new Box(i % 2 == 0 ? CIRCLE : Kind.SQUARE, i % 5));
        }
    }

    Shapes<T> self() {
        return Shapes.this;
    }

    long total() {
        long sum = 0;
        Box[] all = boxes.toArray(new Box[0]);
        //omp parallel for reduction(+:sum)
        for (int i = 0; i < all.length; i++) {
            sum += all[i].area();
        }
        return sum;
    }

    static Supplier<Shapes<String>> factory() {
        return () -> new Shapes<>(10);
    }

    public static void main(String[] args) {
        Shapes<String> s = new Shapes<>(1000);
        Function<Shapes<String>, Long> f = Shapes::total;
        System.out.println(s.self().total() + " " + f.apply(s) + " " + factory().get().boxes.size() + " "
                + Counter.count(5));
        System.out.println(new Shapes<Integer>(3).getClass().getName() + " " + Box.class.getName() + " "
                + Kind.SQUARE.getDeclaringClass().getName() + " " + new Box(Kind.SQUARE, 2));
    }
}

interface Counter {
    static int count(int n) {
        int c = 0;
        //omp parallel for reduction(+:c)
        for (int i = 0; i < n; i++) {
            c++;
        }
        return c;
    }
}
