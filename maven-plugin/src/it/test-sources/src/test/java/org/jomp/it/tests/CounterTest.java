package org.jomp.it.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;

class CounterTest {

    @Test
    void everyThreadOfTheRegionIncrements() {
        Counter counter = new Counter();
        Set<String> members = ConcurrentHashMap.newKeySet();
        //omp parallel num_threads(3)
        {
            members.add(Thread.currentThread().getName());
            for (int i = 0; i < 1000; i++) {
                counter.increment();
            }
        }
        assertEquals(3, members.size(), () -> "threads of the region: " + members);
        assertEquals(3000, counter.count());
    }
}
