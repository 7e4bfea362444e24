// expect: error 8:17 "return"
public class ReturnOutOfRegion {

    static int run(int[] a) {
        //omp parallel
        {
            if (a.length == 0) {
                return 0;
            }
            a[0] = 1;
        }
        return 1;
    }
}
