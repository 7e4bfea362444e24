package org.jomp.examples.epcc.method;

import java.util.Arrays;

/**
 * Statistics over the outer repetitions of one test, as EPCC reports them: mean, median, min, max, sample standard
 * deviation and the number of outliers (values more than three standard deviations from the mean).
 */
public record Sample(double[] values, double mean, double median, double min, double max, double sd, int outliers) {

    public static Sample of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a sample needs at least one value");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double sum = 0;
        for (double v : sorted) {
            sum += v;
        }
        double mean = sum / n;
        double squares = 0;
        for (double v : sorted) {
            squares += (v - mean) * (v - mean);
        }
        double sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
        int outliers = 0;
        for (double v : sorted) {
            if (Math.abs(v - mean) > 3 * sd) {
                outliers++;
            }
        }
        double median = n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
        return new Sample(values.clone(), mean, median, sorted[0], sorted[n - 1], sd, outliers);
    }

    /** This sample followed by the values of another. */
    public Sample with(Sample other) {
        double[] both = Arrays.copyOf(values, values.length + other.values.length);
        System.arraycopy(other.values, 0, both, values.length, other.values.length);
        return of(both);
    }

    /** EPCC's "+/-" figure: 1.96 sd, the band that holds about 95 % of single repetitions. */
    public double conf95() {
        return 1.96 * sd;
    }
}
