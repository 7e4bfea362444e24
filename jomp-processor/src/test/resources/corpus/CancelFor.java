/** cancel for and cancellation point: a search stops early; the element found is the same in any case. */
public class CancelFor {
    public static void main(String[] args) {
        org.jomp.runtime.Omp.setCancellation(true);
        int n = 200_000;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (int) ((i * 2654435761L) % 1_000_000L);
        }
        int target = data[123_456];
        int found = -1;
        //omp parallel shared(found)
        {
            //omp for schedule(dynamic, 1000)
            for (int i = 0; i < n; i++) {
                if (data[i] == target) {
                    //omp critical
                    {
                        found = i;
                    }
                    //omp cancel for
                }
                //omp cancellation point for
            }
        }
        System.out.println("found target at " + found);

        int visited = 0;
        //omp parallel
        {
            //omp for reduction(+:visited)
            for (int i = 0; i < 100; i++) {
                visited++;
                //omp cancellation point for
            }
        }
        System.out.println("visited without cancel = " + visited);
    }
}
