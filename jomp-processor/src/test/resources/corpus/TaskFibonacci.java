/** Recursive tasks with taskwait: the classic task-parallel Fibonacci, with a sequential cut-off. */
public class TaskFibonacci {
    static long fib(int n) {
        if (n < 2) {
            return n;
        }
        if (n < 15) {
            return fib(n - 1) + fib(n - 2);
        }
        long x = 0;
        long y = 0;
        //omp task shared(x)
        x = fib(n - 1);
        //omp task shared(y)
        y = fib(n - 2);
        //omp taskwait
        return x + y;
    }

    public static void main(String[] args) {
        long result = 0;
        //omp parallel
        {
            //omp single
            {
                result = fib(27);
            }
        }
        System.out.println("fib(27) = " + result);
    }
}
