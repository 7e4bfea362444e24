/** Shared locals assigned inside a region (Java cannot capture them; the translator must hold them in cells). */
public class SharedLocalsAssigned {
    public static void main(String[] args) {
        int n = 3000;
        int evens = 0;
        long last = 0;
        String label = "none";
        //omp parallel shared(evens, last, label)
        {
            //omp for
            for (int i = 0; i < n; i++) {
                if (i % 2 == 0) {
                    //omp critical
                    {
                        evens++;
                        last = Math.max(last, i);
                    }
                }
            }
            //omp single
            {
                label = "counted " + evens;
            }
        }
        System.out.println("evens = " + evens);
        System.out.println("largest even = " + last);
        System.out.println("label = " + label);

        boolean seen = false;
        //omp parallel for
        for (int i = 0; i < n; i++) {
            if (i == 1234) {
                seen = true;
            }
        }
        System.out.println("seen 1234 = " + seen);
    }
}
