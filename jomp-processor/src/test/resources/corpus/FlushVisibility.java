/** flush (bare and with a list) orders a write before a flag, read after the barrier by the whole team. */
public class FlushVisibility {
    public static void main(String[] args) {
        int[] payload = new int[1];
        boolean ready = false;
        boolean allSaw = true;
        //omp parallel reduction(&&:allSaw)
        {
            //omp single nowait
            {
                payload[0] = 4711;
                //omp flush
                ready = true;
                //omp flush(ready)
            }
            //omp barrier
            //omp flush
            allSaw = allSaw && ready && payload[0] == 4711;
        }
        System.out.println("payload = " + payload[0] + ", every thread saw it: " + allSaw);
    }
}
