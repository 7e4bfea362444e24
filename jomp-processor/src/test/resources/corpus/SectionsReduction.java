/** sections with reduction, firstprivate and private; a first section without its //omp section line. */
public class SectionsReduction {
    public static void main(String[] args) {
        int base = 1000;
        long total = 0;
        int scratch = -1;
        //omp parallel sections reduction(+:total) firstprivate(base) private(scratch)
        {
            {
                scratch = 1;
                total += base + scratch;
            }
            //omp section
            {
                scratch = 2;
                total += base * scratch;
            }
            //omp section
            {
                scratch = 3;
                total += base * base + scratch;
            }
        }
        System.out.println("total = " + total + ", base = " + base);

        int[] order = new int[4];
        int next = 0;
        //omp parallel
        {
            //omp sections nowait
            {
                //omp section
                //omp critical
                {
                    order[next++] = 1;
                }
                //omp section
                //omp critical
                {
                    order[next++] = 2;
                }
            }
            //omp barrier
            //omp single
            {
                order[next++] = order[0] + order[1];
            }
        }
        System.out.println("sections ran " + (next - 1) + " times, sum = " + order[2]);
    }
}
