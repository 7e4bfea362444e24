// expect: error 9:42 "grainsize"
public class GrainsizeZero {

    static void run(int[] a) {
        //omp parallel
        {
            //omp single
            {
                //omp taskloop grainsize(0)
                for (int i = 0; i < a.length; i++) {
                    a[i] = i;
                }
            }
        }
    }
}
