/** ordered: the ordered blocks run in iteration order whatever the schedule. */
public class OrderedPrinting {
    public static void main(String[] args) {
        int n = 20;
        //omp parallel for ordered schedule(dynamic, 1)
        for (int i = 0; i < n; i++) {
            int sq = i * i;
            //omp ordered
            {
                System.out.println("i = " + i + ", square = " + sq);
            }
        }
        StringBuilder trail = new StringBuilder();
        //omp parallel
        {
            //omp for ordered schedule(runtime)
            for (int i = 10; i > 0; i -= 2) {
                //omp ordered
                {
                    trail.append(i).append(' ');
                }
            }
        }
        System.out.println("trail = " + trail.toString().trim());
    }
}
