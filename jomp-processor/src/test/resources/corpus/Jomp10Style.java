import jomp.runtime.OMP;

/** An unchanged JOMP 1.0b program: typed clause variables, //omp only, jomp.runtime.OMP calls. */
public class Jomp10Style {
    public static void main(String[] args) {
        int n = 400;
        double[] u = new double[n];
        double[] unew = new double[n];
        for (int k = 0; k < n; k++) {
            u[k] = (k % 10) * 0.5;
        }
        double error = 0.0;
        int threadsSeen = 0;
        int i;
        //omp only OMP.setDynamic(false);
        //omp parallel shared(u, unew) reduction(+:double error) private(int i)
        {
            //omp for
            for (i = 1; i < n - 1; i++) {
                unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
                error += Math.abs(unew[i] - u[i]);
            }
            //omp master
            {
                threadsSeen = OMP.getNumThreads() > 0 ? 1 : 0;
            }
        }
        System.out.println("error = " + error);
        System.out.println("team size known: " + (threadsSeen == 1));
    }
}
