/** master and masked run on thread 0 only; a barrier makes their result visible to the team. */
public class MasterMasked {
    public static void main(String[] args) {
        int n = 100;
        int[] data = new int[n];
        int masterRuns = 0;
        long sum = 0;
        //omp parallel reduction(+:sum)
        {
            //omp master
            {
                for (int i = 0; i < n; i++) {
                    data[i] = i + 1;
                }
                masterRuns++;
            }
            //omp barrier
            //omp for
            for (int i = 0; i < n; i++) {
                sum += data[i];
            }
            //omp masked
            {
                masterRuns++;
            }
        }
        System.out.println("sum = " + sum + ", master and masked blocks run = " + masterRuns);
    }
}
