package org.jomp.it.jdk25;

import java.util.List;
import java.util.Set;

/** Modern Java around a parallel loop: sealed records, a pattern switch, var. */
public final class Shapes {
    public sealed interface Shape permits Circle, Square {
    }

    public record Circle(double r) implements Shape {
    }

    public record Square(double side) implements Shape {
    }

    private Shapes() {
    }

    static double area(Shape s) {
        return switch (s) {
            case Circle c -> Math.PI * c.r() * c.r();
            case Square q -> q.side() * q.side();
        };
    }

    /** The total area, shapes shared among three threads; records the threads that worked. */
    public static double totalArea(List<Shape> shapes, Set<String> workers) {
        double total = 0;
        //omp parallel for reduction(+:total) schedule(static) num_threads(3)
        for (int i = 0; i < shapes.size(); i++) {
            var shape = shapes.get(i);
            total += area(shape);
            workers.add(Thread.currentThread().getName());
        }
        return total;
    }
}
