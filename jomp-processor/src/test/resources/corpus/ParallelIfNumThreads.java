/** parallel with if and num_threads: the work-shared loop gives the same result whatever the team size. */
public class ParallelIfNumThreads {
    public static void main(String[] args) {
        int n = 1000;
        int[] squares = new int[n];
        //omp parallel if(n > 100) num_threads(3) proc_bind(close)
        {
            //omp for
            for (int i = 0; i < n; i++) {
                squares[i] = i * i;
            }
        }
        long total = 0;
        for (int s : squares) {
            total += s;
        }
        System.out.println("sum of squares = " + total);

        int small = 10;
        int[] cubes = new int[small];
        //omp parallel if(small > 100) num_threads(small / 5)
        {
            //omp for
            for (int i = 0; i < small; i++) {
                cubes[i] = i * i * i;
            }
        }
        System.out.println("cubes = " + java.util.Arrays.toString(cubes));

        int[] inSequence = new int[1];
        //omp parallel if(false)
        {
            //omp critical
            {
                inSequence[0]++;
            }
        }
        System.out.println("bodies run by an if(false) region = " + inSequence[0]);
    }
}
