/** depend(out/in/inout) chains: tasks on the same key run in creation order, so the arithmetic is sequential. */
public class TaskDependChain {
    public static void main(String[] args) {
        long[] a = new long[1];
        long[] b = new long[1];
        StringBuilder trace = new StringBuilder();
        //omp parallel
        {
            //omp single
            {
                //omp task depend(out: a)
                {
                    a[0] = 3;
                    trace.append("a=3;");
                }
                //omp task depend(inout: a)
                {
                    a[0] = a[0] * 10 + 1;
                    trace.append("a*10+1;");
                }
                //omp task depend(in: a) depend(out: b)
                {
                    b[0] = a[0] + 100;
                    trace.append("b=a+100;");
                }
                //omp task depend(inout: a)
                {
                    a[0] = a[0] - 1;
                    trace.append("a-1;");
                }
                //omp task depend(in: a, b)
                {
                    trace.append("sum=").append(a[0] + b[0]).append(';');
                }
            }
        }
        System.out.println("a = " + a[0] + ", b = " + b[0]);
        System.out.println("trace = " + trace);
    }
}
