package org.jomp.examples.epcc.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jomp.examples.epcc.method.Sample;

/**
 * The outcome for one implementation of one test at one team size: its times per inner repetition and those of
 * the reference measured in the same interleaved round, or the reason it could not be measured.
 *
 * @param benchmark     {@code syncbench} or {@code schedbench}
 * @param test          the test, e.g. {@code PARALLEL_FOR} or {@code DYNAMIC_8}
 * @param threads       team size
 * @param implementation short name, e.g. {@code jomp-api}
 * @param mechanism     how the implementation realises the test
 * @param baseline      false for JOMP's own implementations
 * @param innerReps     inner repetitions per timed test (the largest, when runs are pooled)
 * @param times         microseconds per inner repetition (null when failed)
 * @param reference     the reference's microseconds per inner repetition (null when failed)
 * @param fullTeamShare share of checked calls in which every thread of the team ran work (NaN: not applicable;
 *                      the lowest, when runs are pooled)
 * @param failure       why the test was not measured, or null
 */
public record Measurement(String benchmark, String test, int threads, String implementation, String mechanism,
                          boolean baseline, int innerReps, Sample times, Sample reference, double fullTeamShare,
                          String failure) {

    /** A baseline counts as a competitor only if all its threads did work in at least this share of calls. */
    public static final double MIN_FULL_TEAM_SHARE = 0.9;

    public static Measurement failed(String benchmark, String test, int threads, String implementation,
                                     String mechanism, boolean baseline, String failure) {
        return new Measurement(benchmark, test, threads, implementation, mechanism, baseline, 0, null, null,
                Double.NaN, failure);
    }

    /**
     * Pools the runs of the same test (same benchmark, test, team size and implementation) into one measurement
     * whose samples hold the outer repetitions of all runs, in run order; a failure in any run is kept.
     */
    public static List<Measurement> pool(List<Measurement> runs) {
        Map<String, Measurement> pooled = new LinkedHashMap<>();
        for (Measurement m : runs) {
            pooled.merge(m.benchmark + "/" + m.test + "/" + m.threads + "/" + m.implementation, m, Measurement::with);
        }
        return List.copyOf(pooled.values());
    }

    private Measurement with(Measurement later) {
        if (!ok()) {
            return this;
        }
        if (!later.ok()) {
            return later;
        }
        return new Measurement(benchmark, test, threads, implementation, mechanism, baseline,
                Math.max(innerReps, later.innerReps), times.with(later.times), reference.with(later.reference),
                Math.min(fullTeamShare, later.fullTeamShare), null);
    }

    public boolean ok() {
        return failure == null;
    }

    /** Median overhead: median time minus median reference (EPCC's median_ovrhd). */
    public double overheadMedian() {
        return times.median() - reference.median();
    }

    /** Mean overhead: mean time minus mean reference. */
    public double overheadMean() {
        return times.mean() - reference.mean();
    }

    /** EPCC's spread of the overhead: 1.96 (sd of the test + sd of the reference). */
    public double overheadConf95() {
        return times.conf95() + reference.conf95();
    }

    public double overheadMin() {
        return times.min() - reference.median();
    }

    public double overheadMax() {
        return times.max() - reference.median();
    }

    /** False when the check saw calls in which some thread of the team did no work (e.g. a fork/join on one thread). */
    public boolean usedFullTeam() {
        return Double.isNaN(fullTeamShare) || fullTeamShare >= MIN_FULL_TEAM_SHARE;
    }
}
