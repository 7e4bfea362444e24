package org.jomp.runtime;

/**
 * The internal control variables that OpenMP scopes per task (per thread of a team here): the team size for
 * the next region with the rest of the {@code OMP_NUM_THREADS} list for deeper levels, dyn-var,
 * max-active-levels-var and run-sched-var. Each thread state owns one instance; a new team's threads copy the
 * encountering thread's values, advanced one step along the nthreads list (OpenMP 5.2, chapter 2: ICV scopes
 * and inheritance).
 */
final class Icv {

    /** nthreads-var's first element: the team size of the next region this thread encounters. */
    int nthreads;
    /** The whole nthreads-var list as configured; {@code nestedPos} indexes the element for the next level. */
    int[] nthreadsList;
    int nestedPos;
    boolean dynamic;
    int maxActiveLevels;
    Schedule runSchedule;

    Icv(int[] nthreadsList, boolean dynamic, int maxActiveLevels, Schedule runSchedule) {
        this.nthreadsList = nthreadsList;
        this.nthreads = nthreadsList[0];
        this.nestedPos = 1;
        this.dynamic = dynamic;
        this.maxActiveLevels = maxActiveLevels;
        this.runSchedule = runSchedule;
    }

    Icv(Icv other) {
        copyFrom(other);
    }

    void copyFrom(Icv other) {
        nthreads = other.nthreads;
        nthreadsList = other.nthreadsList;
        nestedPos = other.nestedPos;
        dynamic = other.dynamic;
        maxActiveLevels = other.maxActiveLevels;
        runSchedule = other.runSchedule;
    }

    /** Sets this to the values that the threads of a region encountered with {@code parent}'s ICVs start with. */
    void inheritFrom(Icv parent) {
        copyFrom(parent);
        if (nestedPos < nthreadsList.length) {
            nthreads = nthreadsList[nestedPos];
            nestedPos++;
        }
    }
}
