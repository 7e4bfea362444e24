import org.jomp.runtime.Omp;

/**
 * schedule(static, n) loops with cancellation on: a search that cancels its loop once it has found the element
 * (unique: i * 2654435761 mod 10^6 is a bijection), and a loop that cannot be cancelled, which runs every
 * iteration although every loop of the team now takes a work-share slot.
 */
public class StaticChunkCancel {
    public static void main(String[] args) {
        Omp.setCancellation(true);
        int n = 100_000;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (int) ((i * 2654435761L) % 1_000_000L);
        }
        for (int c : new int[] {1, 3, 1000}) {
            int target = data[76_543];
            int found = -1;
            //omp parallel for schedule(static, c) shared(found)
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
            System.out.println("chunk " + c + ": found target at " + found);

            long visited = 0;
            //omp parallel for schedule(static, c) reduction(+:visited)
            for (int i = 0; i < n; i++) {
                visited++;
            }
            System.out.println("chunk " + c + ": visited without cancel = " + visited);
        }
    }
}
