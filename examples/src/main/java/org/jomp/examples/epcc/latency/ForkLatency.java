package org.jomp.examples.epcc.latency;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntFunction;

import org.jomp.examples.epcc.method.BenchmarkFailure;
import org.jomp.examples.epcc.method.Delay;
import org.jomp.examples.epcc.method.Kernel;
import org.jomp.examples.epcc.sync.SyncConstruct;
import org.jomp.examples.epcc.sync.SyncImplementation;

/**
 * The distribution of single fork/join times, which EPCC's means hide: every parallel region (one delay per
 * thread) is timed on its own, and the percentiles show whether regions are served by spinning workers (a fraction
 * of a microsecond) or by parked ones that must be woken (tens of microseconds on a loaded machine). Implementations
 * are timed in interleaved blocks so load from elsewhere falls on all of them alike.
 */
public final class ForkLatency {
    public static final String NAME = "forklatency";
    /** Regions timed in a row per implementation before the next one takes its turn. */
    private static final int BLOCK = 1000;
    /** A region slower than this (us) was not a spin hand-off: some thread had to be woken or was descheduled. */
    public static final double SLOW_MICROS = 5;

    /** Percentiles of one implementation's region times, in microseconds (the delay included). */
    public record Distribution(String implementation, double p10, double p50, double p90, double p99, double p999,
                               double max, double mean, double slowShare) {
    }

    private final Delay delay;
    private final List<IntFunction<SyncImplementation>> implementations;

    public ForkLatency(Delay delay, List<IntFunction<SyncImplementation>> implementations) {
        this.delay = delay;
        this.implementations = List.copyOf(implementations);
    }

    public List<Distribution> run(int threads, int regions, PrintStream log) {
        if (regions < BLOCK) {
            throw new IllegalArgumentException("forklatency needs at least " + BLOCK + " regions, got " + regions);
        }
        List<SyncImplementation> impls = new ArrayList<>();
        try {
            List<Kernel> kernels = new ArrayList<>();
            for (IntFunction<SyncImplementation> factory : implementations) {
                SyncImplementation impl = factory.apply(threads);
                impls.add(impl);
                Optional<Kernel> kernel = impl.kernel(SyncConstruct.PARALLEL);
                kernels.add(kernel.orElse(null));
            }
            log.printf("%s, %d threads, %d regions per implementation%n", NAME, threads, regions);
            long[][] times = new long[impls.size()][regions];
            for (int i = 0; i < impls.size(); i++) {
                if (kernels.get(i) != null) {
                    // warm-up: as many regions as will be timed, results overwritten below
                    timeBlock(impls.get(i), kernels.get(i), times[i], 0, regions);
                }
            }
            for (int start = 0; start < regions; start += BLOCK) {
                for (int i = 0; i < impls.size(); i++) {
                    if (kernels.get(i) != null) {
                        timeBlock(impls.get(i), kernels.get(i), times[i], start, Math.min(regions, start + BLOCK));
                    }
                }
            }
            List<Distribution> result = new ArrayList<>();
            for (int i = 0; i < impls.size(); i++) {
                if (kernels.get(i) != null) {
                    result.add(distribution(impls.get(i).name(), times[i]));
                }
            }
            return result;
        } finally {
            impls.forEach(SyncImplementation::close);
        }
    }

    private void timeBlock(SyncImplementation impl, Kernel kernel, long[] times, int from, int to) {
        try {
            for (int k = from; k < to; k++) {
                long t0 = System.nanoTime();
                kernel.run(1, delay);
                times[k] = System.nanoTime() - t0;
            }
        } catch (Throwable t) {
            throw new BenchmarkFailure(impl.name() + " PARALLEL region failed in " + NAME, t);
        }
    }

    static Distribution distribution(String name, long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double sum = 0;
        int slow = 0;
        for (long t : sorted) {
            sum += t;
            if (t / 1e3 > SLOW_MICROS) {
                slow++;
            }
        }
        return new Distribution(name, micros(sorted, 0.10), micros(sorted, 0.50), micros(sorted, 0.90),
                micros(sorted, 0.99), micros(sorted, 0.999), sorted[n - 1] / 1e3, sum / n / 1e3, (double) slow / n);
    }

    /** The nearest-rank percentile q of sorted nanoseconds, in microseconds. */
    private static double micros(long[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e3;
    }

    public static void print(PrintStream out, int threads, double delayMicros, List<Distribution> distributions) {
        out.printf(Locale.ROOT, "%n== %s, %d threads: time of one parallel region with a %.2f us delay per thread "
                + "(us; slow = share of regions over %.0f us)%n", NAME, threads, delayMicros, SLOW_MICROS);
        out.printf(Locale.ROOT, "%-24s %8s %8s %8s %8s %9s %10s %8s %6s%n", "implementation", "p10", "p50", "p90",
                "p99", "p99.9", "max", "mean", "slow");
        for (Distribution d : distributions) {
            out.printf(Locale.ROOT, "%-24s %8.2f %8.2f %8.2f %8.2f %9.2f %10.1f %8.2f %5.1f%%%n", d.implementation(),
                    d.p10(), d.p50(), d.p90(), d.p99(), d.p999(), d.max(), d.mean(), 100 * d.slowShare());
        }
    }
}
