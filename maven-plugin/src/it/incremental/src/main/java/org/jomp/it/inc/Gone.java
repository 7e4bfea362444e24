package org.jomp.it.inc;

public final class Gone {
    private Gone() {
    }

    public static int answer() {
        int a = 0;
        //omp parallel num_threads(2)
        {
            //omp critical
            {
                a += 21;
            }
        }
        return a;
    }
}
