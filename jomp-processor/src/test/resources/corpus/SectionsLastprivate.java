/** sections: each section runs once; lastprivate takes the value from the lexically last section. */
public class SectionsLastprivate {
    static long fib(int k) {
        return k < 2 ? k : fib(k - 1) + fib(k - 2);
    }

    public static void main(String[] args) {
        long[] results = new long[4];
        String who = "nobody";
        //omp parallel
        {
            //omp sections lastprivate(who)
            {
                //omp section
                {
                    results[0] = fib(20);
                    who = "first";
                }
                //omp section
                {
                    results[1] = fib(21);
                    who = "second";
                }
                //omp section
                {
                    results[2] = fib(22);
                    who = "third";
                }
            }
        }
        System.out.println("results = " + java.util.Arrays.toString(results) + ", last section: " + who);

        int[] runs = new int[3];
        //omp parallel sections
        {
            //omp section
            runs[0]++;
            //omp section
            runs[1]++;
            //omp section
            runs[2]++;
        }
        System.out.println("each section once: " + java.util.Arrays.toString(runs));
    }
}
