package org.jomp.it.jdk25;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

class ShapesTest {

    @Test
    void totalAreaOnThreeThreads() {
        List<Shapes.Shape> shapes = new ArrayList<>();
        double expected = 0;
        for (int i = 0; i < 3000; i++) {
            Shapes.Shape s = i % 2 == 0 ? new Shapes.Square(2) : new Shapes.Circle(1);
            shapes.add(s);
            expected += Shapes.area(s);
        }
        Set<String> workers = ConcurrentHashMap.newKeySet();
        assertEquals(expected, Shapes.totalArea(shapes, workers), 1e-6);
        assertEquals(3, workers.size(), () -> "threads that ran iterations: " + workers);
        assertEquals(25, Runtime.version().feature(), "this build must run on JDK 25");
    }
}
