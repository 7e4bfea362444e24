package golden; import org.jomp.runtime.Omp; import org.jomp.runtime.CriticalLock;

import jomp.runtime.OMP;

/** JOMP 1.0b programs translate unchanged: //omp only, typed clause variables, jomp.runtime.OMP calls. */
public class Jomp10 {
    public static void main(String[] args) {
        int threads = 1;
        threads = OMP.getMaxThreads(); //omp only threads = OMP.getMaxThreads();
        { var threads$ = threads; //omp parallel shared(threads)
        Omp.parallel(() -> { {
            int me = OMP.getThreadNum();
            //omp critical
            { CriticalLock critical$lock = Omp.critical(""); critical$lock.lock(); try { System.out.println("hello from " + me + " of " + threads$); } finally { critical$lock.unlock(); } }
        } }); }
    }
}
