package org.jomp.it.bad;

public final class Bad {
    static int count(int n) {
        int c = 0;
        //omp parallel for schedule(sometimes)
        for (int i = 0; i < n; i++) {
            c++;
        }
        return c;
    }
}
