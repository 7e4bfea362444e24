/** atomic update, read, write and capture on shared locals, array elements and fields. */
public class AtomicKinds {
    static long fieldCounter;

    public static void main(String[] args) {
        int n = 10_000;
        int counter = 0;
        double dsum = 0;
        int[] buckets = new int[8];
        int ticket = 0;
        boolean[] taken = new boolean[n];
        int flag = 0;
        //omp parallel
        {
            //omp for
            for (int i = 0; i < n; i++) {
                //omp atomic
                counter++;
                //omp atomic update
                dsum += 0.5;
                //omp atomic
                buckets[i % 8] += 2;
                //omp atomic
                fieldCounter += i;
                int mine;
                //omp atomic capture
                mine = ticket++;
                taken[mine] = true;
            }
            //omp single
            {
                //omp atomic write
                flag = 9;
            }
            int seen;
            //omp atomic read
            seen = flag;
            if (seen != 9) {
                //omp atomic
                counter--;
            }
        }
        boolean allTickets = true;
        for (boolean t : taken) {
            allTickets &= t;
        }
        System.out.println("counter=" + counter + " dsum=" + dsum + " buckets=" + java.util.Arrays.toString(buckets));
        System.out.println("field=" + fieldCounter + " tickets=" + ticket + " each taken once=" + allTickets);
    }
}
