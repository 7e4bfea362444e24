package golden;

/** threadprivate static fields (one value per thread, persisting across regions) and copyin. */
public class ThreadPrivateCopyin {
    //omp threadprivate(counter, name)
    private static int counter = 5;
    static String name;

    static int run() {
        counter = 1;
        name = "main";
        int total = 0;
        //omp parallel copyin(counter) reduction(+:total)
        {
            counter++;
            ThreadPrivateCopyin.counter += 2;
            total += counter;
        }
        return total + counter;
    }
}
