package jomp.runtime;

import org.jomp.runtime.Omp;

/**
 * The user API of JOMP 1.0b, so existing JOMP programs link unchanged: every method delegates to
 * {@link org.jomp.runtime.Omp}, whose semantics (OpenMP's) apply.
 */
public final class OMP {

    /** The most nested active levels {@link #setNested setNested(true)} allows. */
    private static final int NESTED_LEVELS = 255;

    private OMP() {
    }

    public static int getNumThreads() {
        return Omp.numThreads();
    }

    public static void setNumThreads(int n) {
        Omp.setNumThreads(n);
    }

    public static int getMaxThreads() {
        return Omp.maxThreads();
    }

    public static int getThreadNum() {
        return Omp.threadNum();
    }

    public static int getNumProcs() {
        return Omp.numProcs();
    }

    public static boolean inParallel() {
        return Omp.inParallel();
    }

    public static void setDynamic(boolean dynamic) {
        Omp.setDynamic(dynamic);
    }

    public static boolean getDynamic() {
        return Omp.dynamic();
    }

    /** Enables or disables nested parallelism: max-active-levels becomes 255 or 1, as OpenMP's omp_set_nested. */
    public static void setNested(boolean nested) {
        Omp.setMaxActiveLevels(nested ? NESTED_LEVELS : 1);
    }

    public static boolean getNested() {
        return Omp.maxActiveLevels() > 1;
    }

    public static int getLevel() {
        return Omp.level();
    }

    public static int getActiveLevel() {
        return Omp.activeLevel();
    }

    public static int getAncestorThreadNum(int level) {
        return Omp.ancestorThreadNum(level);
    }

    public static int getTeamSize(int level) {
        return Omp.teamSize(level);
    }

    public static void setMaxActiveLevels(int levels) {
        Omp.setMaxActiveLevels(levels);
    }

    public static int getMaxActiveLevels() {
        return Omp.maxActiveLevels();
    }

    public static int getThreadLimit() {
        return Omp.threadLimit();
    }

    public static double getWtime() {
        return Omp.wtime();
    }

    public static double getWtick() {
        return Omp.wtick();
    }
}
