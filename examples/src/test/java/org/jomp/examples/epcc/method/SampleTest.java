package org.jomp.examples.epcc.method;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class SampleTest {

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(3.0, Sample.of(new double[] {5, 1, 3}).median());
        assertEquals(2.5, Sample.of(new double[] {4, 1, 3, 2}).median());
    }

    @Test
    void meanMinMaxAndSampleStandardDeviation() {
        Sample s = Sample.of(new double[] {2, 4, 4, 4, 5, 5, 7, 9});
        assertEquals(5.0, s.mean(), 1e-12);
        assertEquals(2.0, s.min());
        assertEquals(9.0, s.max());
        // squared deviations sum to 32 over 8 values: sample variance 32/7
        assertEquals(Math.sqrt(32.0 / 7), s.sd(), 1e-12);
        assertEquals(1.96 * Math.sqrt(32.0 / 7), s.conf95(), 1e-12);
    }

    @Test
    void countsValuesBeyondThreeStandardDeviationsAsOutliers() {
        double[] values = new double[30];
        Arrays.fill(values, 1.0);
        values[7] = 50.0;
        Sample s = Sample.of(values);
        assertEquals(1, s.outliers());
        assertEquals(0, Sample.of(new double[] {1, 2, 3, 4}).outliers());
    }

    @Test
    void keepsValuesInMeasurementOrder() {
        double[] values = {3, 1, 2};
        Sample s = Sample.of(values);
        values[0] = 99;
        assertEquals(3.0, s.values()[0]);
    }

    @Test
    void rejectsAnEmptySample() {
        assertThrows(IllegalArgumentException.class, () -> Sample.of(new double[0]));
    }
}
