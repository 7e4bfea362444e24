import jomp.runtime.OMP;

/**
 * A JOMP 1.0b program in the style of its distribution's examples: typed private and reduction variables, an
 * orphaned //omp for in a method called from the region, //omp only, and jomp.runtime.OMP queries.
 */
public class Jomp10Classic {
    static double[] field = new double[600];

    static void relax(int n) {
        int i;
        //omp for private(int i) schedule(static)
        for (i = 1; i < n - 1; i++) {
            field[i] = (i % 2 == 0) ? 1.0 : 0.5;
        }
    }

    public static void main(String[] args) {
        int n = field.length;
        int badThreadNumbers = 0;
        double total = 0.0;
        //omp only if (OMP.inParallel()) throw new IllegalStateException("main is not inside a region");
        //omp parallel shared(n, total) reduction(+:int badThreadNumbers)
        {
            relax(n);
            if (OMP.getThreadNum() < 0 || OMP.getThreadNum() >= OMP.getNumThreads()) {
                badThreadNumbers++;
            }
            //omp for reduction(+:double total)
            for (int k = 0; k < n; k++) {
                total += field[k];
            }
        }
        System.out.println("total = " + total + ", bad thread numbers = " + badThreadNumbers);
        System.out.println("in parallel after the region: " + OMP.inParallel());
    }
}
