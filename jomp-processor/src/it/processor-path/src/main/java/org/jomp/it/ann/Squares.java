package org.jomp.it.ann;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jomp.annotations.ParallelFor;
import org.jomp.annotations.Reduction;
import org.jomp.annotations.Schedule;

/** Private state read and written by an annotated loop. */
public class Squares {

    private final int[] values;
    private final Set<String> threads = ConcurrentHashMap.newKeySet();

    public Squares(int n) {
        values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = i % 1000;
        }
    }

    private long square(int i) {
        threads.add(Thread.currentThread().getName());
        return (long) values[i] * values[i];
    }

    public long sum() {
        @Reduction("+") long sum = 0;
        for (@ParallelFor(schedule = Schedule.DYNAMIC, chunk = "64") int i = 0; i < values.length; i++) {
            sum += square(i);
        }
        return sum;
    }

    public long sequentialSum() {
        long sum = 0;
        for (int v : values) {
            sum += (long) v * v;
        }
        return sum;
    }

    public int threadsSeen() {
        return threads.size();
    }
}
