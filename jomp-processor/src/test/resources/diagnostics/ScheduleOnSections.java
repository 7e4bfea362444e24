// expect: error 5:33 "schedule"
public class ScheduleOnSections {

    static void run(int[] a) {
        //omp parallel sections schedule(static)
        {
            //omp section
            a[0] = 1;
            //omp section
            a[1] = 2;
        }
    }
}
