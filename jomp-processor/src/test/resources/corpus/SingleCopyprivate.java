/** single runs once per encounter; copyprivate hands the single thread's private value to every thread. */
public class SingleCopyprivate {
    public static void main(String[] args) {
        int singles = 0;
        int lowest = Integer.MAX_VALUE;
        int highest = Integer.MIN_VALUE;
        //omp parallel reduction(min:lowest) reduction(max:highest)
        {
            int seed = 0;
            //omp single copyprivate(seed)
            {
                seed = 42;
                singles++;
            }
            lowest = Math.min(lowest, seed);
            highest = Math.max(highest, seed);
            //omp single
            {
                singles++;
            }
            //omp single nowait
            {
                singles++;
            }
        }
        System.out.println("single blocks run = " + singles);
        System.out.println("every thread saw seed " + lowest + ".." + highest);
    }
}
