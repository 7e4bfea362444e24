package org.jomp.it.warn;

public final class Race {
    private Race() {
    }

    static int lastIndex(int n) {
        int last = -1;
        //omp parallel for
        for (int i = 0; i < n; i++) {
            last = i;
        }
        return last;
    }
}
