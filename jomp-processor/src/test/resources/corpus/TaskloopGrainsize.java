/** taskloop with grainsize and num_tasks: the iterations become tasks; each runs once. */
public class TaskloopGrainsize {
    public static void main(String[] args) {
        int n = 1000;
        int[] hits = new int[n];
        //omp parallel
        {
            //omp single
            {
                //omp taskloop grainsize(16)
                for (int i = 0; i < n; i++) {
                    hits[i] += 1;
                }
                //omp taskloop num_tasks(7)
                for (int i = 0; i < n; i++) {
                    hits[i] += 10;
                }
            }
        }
        long sum = 0;
        for (int h : hits) {
            sum += h;
        }
        System.out.println("sum = " + sum + " (11 per iteration)");

        long total = 0;
        //omp parallel
        {
            //omp single
            {
                //omp taskloop grainsize(100)
                for (int i = 0; i < n; i++) {
                    //omp atomic
                    total += i;
                }
            }
        }
        System.out.println("total = " + total);
    }
}
