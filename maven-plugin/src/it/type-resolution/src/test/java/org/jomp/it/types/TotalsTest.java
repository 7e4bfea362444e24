package org.jomp.it.types;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;

class TotalsTest {

    @Test
    void sumsLikeTheFormula() {
        var expected = (long) 999 * 1000 / 2;
        assertEquals(expected, Totals.sum(1000));
        // The types of sum and threads come from compiled classes: target/classes and the runtime's jar.
        var sum = Totals.sum(10);
        var threads = Omp.maxThreads() * 0;
        //omp parallel num_threads(3) reduction(+:threads) shared(sum)
        {
            threads += 1;
            //omp critical
            {
                sum = sum + 1;
            }
        }
        assertEquals(3, threads);
        assertEquals(45 + 3, sum);
    }
}
