package golden;

import jomp.runtime.OMP;

/** JOMP 1.0b programs translate unchanged: //omp only, typed clause variables, jomp.runtime.OMP calls. */
public class Jomp10 {
    public static void main(String[] args) {
        int threads = 1;
        //omp only threads = OMP.getMaxThreads();
        //omp parallel shared(threads)
        {
            int me = OMP.getThreadNum();
            //omp critical
            System.out.println("hello from " + me + " of " + threads);
        }
    }
}
