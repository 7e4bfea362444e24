package org.jomp.examples.epcc.sched;

import java.util.ArrayList;
import java.util.List;

/**
 * One test of EPCC's schedbench: a loop schedule and its chunk size (0 for plain static, one block per thread).
 *
 * @param kind  the schedule
 * @param chunk chunk size, 0 only for {@link Kind#STATIC}
 */
public record ScheduleCase(Kind kind, int chunk) {

    public enum Kind { STATIC, STATIC_N, DYNAMIC_N, GUIDED_N }

    public ScheduleCase {
        if (kind == Kind.STATIC ? chunk != 0 : chunk < 1) {
            throw new IllegalArgumentException(kind + " needs " + (kind == Kind.STATIC ? "no chunk" : "a chunk >= 1")
                    + ", got " + chunk);
        }
    }

    /** STATIC, then STATIC_n, DYNAMIC_n and GUIDED_n for n = 1, 2, 4, ... up to maxChunk. */
    public static List<ScheduleCase> all(int maxChunk) {
        if (maxChunk < 1) {
            throw new IllegalArgumentException("largest chunk must be >= 1, got " + maxChunk);
        }
        List<ScheduleCase> cases = new ArrayList<>(List.of(new ScheduleCase(Kind.STATIC, 0)));
        for (Kind kind : List.of(Kind.STATIC_N, Kind.DYNAMIC_N, Kind.GUIDED_N)) {
            for (int n = 1; n <= maxChunk; n *= 2) {
                cases.add(new ScheduleCase(kind, n));
            }
        }
        return cases;
    }

    /** EPCC's test name, e.g. {@code STATIC}, {@code DYNAMIC_8}. */
    public String epccName() {
        return switch (kind) {
            case STATIC -> "STATIC";
            case STATIC_N -> "STATIC_" + chunk;
            case DYNAMIC_N -> "DYNAMIC_" + chunk;
            case GUIDED_N -> "GUIDED_" + chunk;
        };
    }

    /** The clause as written in a directive, e.g. {@code schedule(dynamic,8)}. */
    public String label() {
        return switch (kind) {
            case STATIC -> "static";
            case STATIC_N -> "static," + chunk;
            case DYNAMIC_N -> "dynamic," + chunk;
            case GUIDED_N -> "guided," + chunk;
        };
    }
}
