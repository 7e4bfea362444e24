package org.jomp.runtime;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The runtime's configuration from the environment: {@code OMP_NUM_THREADS} (a comma list, one team size per
 * nesting level), {@code OMP_SCHEDULE}, {@code OMP_DYNAMIC}, {@code OMP_NESTED}, {@code OMP_MAX_ACTIVE_LEVELS},
 * {@code OMP_THREAD_LIMIT}, {@code OMP_WAIT_POLICY}, {@code OMP_DISPLAY_ENV}, {@code OMP_CANCELLATION}, and the
 * system properties {@code jomp.threads} and {@code jomp.schedule}, which take precedence over their OMP_
 * counterparts. An invalid value prints one warning naming the variable and the value, and the default is used.
 *
 * <p>The sources are injectable ({@link #parse}) so that parsing is testable without a real environment; the
 * process-wide instance is read once from {@link System#getenv()} and {@link System#getProperties()}.
 */
public final class Env {

    /** Processors available to the JVM when the runtime started. */
    static final int NUM_PROCS = Runtime.getRuntime().availableProcessors();

    /** max-active-levels-var's upper bound (libgomp's gomp_supported_active_levels). */
    static final int SUPPORTED_ACTIVE_LEVELS = 255;

    private static final Env GLOBAL = parse(System.getenv(), System.getProperties(), System.err);

    static {
        if (GLOBAL.displayEnv != null) {
            GLOBAL.display(System.err);
        }
    }

    /** The wait policy in force; tests switch it to exercise the parking paths. */
    private static volatile WaitPolicy waitPolicy = GLOBAL.initialWaitPolicy;

    private final int[] numThreads;
    private final Schedule schedule;
    private final boolean dynamic;
    private final int maxActiveLevels;
    private final int threadLimit;
    private final WaitPolicy initialWaitPolicy;
    private final boolean waitPolicySet;
    private final boolean cancellation;
    /** null: no display; otherwise "true" or "verbose". */
    private final String displayEnv;

    private Env(int[] numThreads, Schedule schedule, boolean dynamic, int maxActiveLevels, int threadLimit,
            WaitPolicy waitPolicy, boolean waitPolicySet, boolean cancellation, String displayEnv) {
        this.numThreads = numThreads;
        this.schedule = schedule;
        this.dynamic = dynamic;
        this.maxActiveLevels = maxActiveLevels;
        this.threadLimit = threadLimit;
        this.initialWaitPolicy = waitPolicy;
        this.waitPolicySet = waitPolicySet;
        this.cancellation = cancellation;
        this.displayEnv = displayEnv;
    }

    /** The process-wide configuration. */
    public static Env global() {
        return GLOBAL;
    }

    /**
     * Reads the configuration from an environment map and system properties, printing one line on
     * {@code warnings} for every invalid value.
     */
    public static Env parse(Map<String, String> env, Properties properties, PrintStream warnings) {
        Parser p = new Parser(env, properties, warnings);
        int[] numThreads = p.numThreadsList("OMP_NUM_THREADS", env.get("OMP_NUM_THREADS"));
        String jompThreads = properties.getProperty("jomp.threads");
        if (jompThreads != null) {
            int n = p.positive("-Djomp.threads", jompThreads, -1);
            if (n > 0) {
                numThreads = new int[] {n};
            }
        }
        if (numThreads == null) {
            numThreads = new int[] {NUM_PROCS};
        }
        Schedule schedule = p.schedule("OMP_SCHEDULE", env.get("OMP_SCHEDULE"), Schedule.STATIC);
        String jompSchedule = properties.getProperty("jomp.schedule");
        if (jompSchedule != null) {
            schedule = p.schedule("-Djomp.schedule", jompSchedule, schedule);
        }
        boolean dynamic = p.bool("OMP_DYNAMIC", env.get("OMP_DYNAMIC"), false);
        // As libgomp: nesting is off unless OMP_NESTED says so or the team-size list names several levels;
        // an explicit OMP_MAX_ACTIVE_LEVELS wins over both.
        int maxActiveLevels = numThreads.length > 1 ? SUPPORTED_ACTIVE_LEVELS : 1;
        String nested = env.get("OMP_NESTED");
        if (nested != null) {
            maxActiveLevels = p.bool("OMP_NESTED", nested, maxActiveLevels > 1) ? SUPPORTED_ACTIVE_LEVELS : 1;
        }
        String mal = env.get("OMP_MAX_ACTIVE_LEVELS");
        if (mal != null) {
            maxActiveLevels = Math.min(p.nonNegative("OMP_MAX_ACTIVE_LEVELS", mal, maxActiveLevels),
                    SUPPORTED_ACTIVE_LEVELS);
        }
        String limit = env.get("OMP_THREAD_LIMIT");
        int threadLimit = limit == null ? Integer.MAX_VALUE : p.positive("OMP_THREAD_LIMIT", limit, Integer.MAX_VALUE);
        String wait = env.get("OMP_WAIT_POLICY");
        WaitPolicy waitPolicy = WaitPolicy.DEFAULT;
        if (wait != null) {
            switch (wait.trim().toLowerCase(Locale.ROOT)) {
                case "active": waitPolicy = WaitPolicy.ACTIVE; break;
                case "passive": waitPolicy = WaitPolicy.PASSIVE; break;
                default: p.warn("OMP_WAIT_POLICY", wait, "expected active or passive");
            }
        }
        boolean cancellation = p.bool("OMP_CANCELLATION", env.get("OMP_CANCELLATION"), false);
        String display = env.get("OMP_DISPLAY_ENV");
        String displayEnv = null;
        if (display != null) {
            switch (display.trim().toLowerCase(Locale.ROOT)) {
                case "true": displayEnv = "true"; break;
                case "verbose": displayEnv = "verbose"; break;
                case "false": break;
                default: p.warn("OMP_DISPLAY_ENV", display, "expected true, false or verbose");
            }
        }
        return new Env(numThreads, schedule, dynamic, maxActiveLevels, threadLimit, waitPolicy,
                wait != null && !waitPolicy.equals(WaitPolicy.DEFAULT), cancellation, displayEnv);
    }

    /** The team sizes per nesting level (nthreads-var). */
    public int[] numThreads() {
        return numThreads.clone();
    }

    public Schedule schedule() {
        return schedule;
    }

    public boolean dynamic() {
        return dynamic;
    }

    public int maxActiveLevels() {
        return maxActiveLevels;
    }

    /** OMP_THREAD_LIMIT; {@link Integer#MAX_VALUE} when unlimited. */
    public int threadLimit() {
        return threadLimit;
    }

    public WaitPolicy waitPolicy() {
        return initialWaitPolicy;
    }

    public boolean cancellation() {
        return cancellation;
    }

    /** Prints the ICVs in libgomp's OMP_DISPLAY_ENV format. */
    public void display(PrintStream out) {
        StringBuilder b = new StringBuilder();
        b.append("\nOPENMP DISPLAY ENVIRONMENT BEGIN\n");
        line(b, "_OPENMP", "201511");
        line(b, "OMP_DYNAMIC", upper(dynamic));
        line(b, "OMP_NESTED", upper(maxActiveLevels > 1));
        line(b, "OMP_NUM_THREADS",
                Arrays.stream(numThreads).mapToObj(Integer::toString).collect(Collectors.joining(",")));
        line(b, "OMP_SCHEDULE", schedule.toString());
        line(b, "OMP_PROC_BIND", "FALSE");
        line(b, "OMP_MAX_ACTIVE_LEVELS", Integer.toString(maxActiveLevels));
        line(b, "OMP_THREAD_LIMIT", Long.toString(threadLimit == Integer.MAX_VALUE ? 4294967295L : threadLimit));
        // libgomp prints PASSIVE when the variable is unset; this runtime's default spins first, so it says so.
        line(b, "OMP_WAIT_POLICY", initialWaitPolicy.name());
        line(b, "OMP_CANCELLATION", upper(cancellation));
        if ("verbose".equals(displayEnv)) {
            line(b, "JOMP_WAIT_POLICY",
                    initialWaitPolicy.name() + (waitPolicySet ? "" : " (adaptive spin, then park)"));
            line(b, "JOMP_NUM_PROCS", Integer.toString(NUM_PROCS));
        }
        b.append("OPENMP DISPLAY ENVIRONMENT END\n");
        out.print(b);
    }

    private static void line(StringBuilder b, String name, String value) {
        b.append("  ").append(name).append(" = '").append(value).append("'\n");
    }

    private static String upper(boolean value) {
        return value ? "TRUE" : "FALSE";
    }

    /** The ICVs that the initial thread of every top-level team starts with. */
    Icv initialIcv() {
        return new Icv(numThreads, dynamic, maxActiveLevels, schedule);
    }

    /** The wait policy in force now. */
    static WaitPolicy currentWaitPolicy() {
        return waitPolicy;
    }

    /** Switches the wait policy of the whole process (tests use it to exercise the parking paths). */
    static void currentWaitPolicy(WaitPolicy policy) {
        waitPolicy = policy;
    }

    /** Value parsing with one warning per invalid value. */
    private static final class Parser {
        private final PrintStream warnings;

        Parser(Map<String, String> env, Properties properties, PrintStream warnings) {
            if (env == null || properties == null || warnings == null) {
                throw new IllegalArgumentException("env, properties and warnings must not be null");
            }
            this.warnings = warnings;
        }

        void warn(String name, String value, String expected) {
            warnings.println("jomp: warning: invalid value '" + value + "' for " + name + " (" + expected
                    + "); using the default");
        }

        int[] numThreadsList(String name, String value) {
            if (value == null) {
                return null;
            }
            String[] parts = value.split(",", -1);
            int[] list = new int[parts.length];
            for (int i = 0; i < parts.length; i++) {
                list[i] = parseInt(parts[i].trim(), -1);
                if (list[i] < 1) {
                    warn(name, value, "expected a comma-separated list of positive integers");
                    return null;
                }
            }
            return list;
        }

        int positive(String name, String value, int fallback) {
            int n = parseInt(value.trim(), -1);
            if (n < 1) {
                warn(name, value, "expected a positive integer");
                return fallback;
            }
            return n;
        }

        int nonNegative(String name, String value, int fallback) {
            int n = parseInt(value.trim(), -1);
            if (n < 0) {
                warn(name, value, "expected a non-negative integer");
                return fallback;
            }
            return n;
        }

        boolean bool(String name, String value, boolean fallback) {
            if (value == null) {
                return fallback;
            }
            switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "true": return true;
                case "false": return false;
                default:
                    warn(name, value, "expected true or false");
                    return fallback;
            }
        }

        Schedule schedule(String name, String value, Schedule fallback) {
            if (value == null) {
                return fallback;
            }
            try {
                return Schedule.parse(value);
            } catch (IllegalArgumentException e) {
                warn(name, value, "expected [monotonic:|nonmonotonic:]static|dynamic|guided|auto[,chunk]");
                return fallback;
            }
        }

        private static int parseInt(String s, int fallback) {
            try {
                return Integer.parseInt(s);
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
    }
}
