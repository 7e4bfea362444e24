/** taskgroup waits for its tasks and their descendants; task clauses if, final, untied, firstprivate. */
public class TaskgroupTasks {
    static void spawn(long[] acc, int depth) {
        //omp atomic
        acc[0] += depth;
        if (depth > 0) {
            //omp task final(depth < 2) untied
            spawn(acc, depth - 1);
            //omp task if(depth > 3)
            spawn(acc, depth - 1);
        }
    }

    public static void main(String[] args) {
        long[] acc = new long[1];
        long afterGroup = -1;
        //omp parallel
        {
            //omp single
            {
                //omp taskgroup
                {
                    spawn(acc, 10);
                }
                afterGroup = acc[0];
            }
        }
        System.out.println("sum of depths over the task tree = " + afterGroup);

        int[] squares = new int[16];
        //omp parallel
        {
            //omp single
            {
                for (int i = 0; i < squares.length; i++) {
                    //omp task firstprivate(i)
                    squares[i] = i * i;
                }
                //omp taskwait
            }
        }
        System.out.println("squares = " + java.util.Arrays.toString(squares));
    }
}
