// expect: error 7:13 "section"
public class SectionOutsideSections {

    static void run(int[] a) {
        //omp parallel
        {
            //omp section
            a[0] = 1;
        }
    }
}
