package golden;

/** sections (with and without the first section line), parallel sections, single, copyprivate, master, masked. */
public class SectionsSingle {
    static void run() {
        int which = 0;
        //omp parallel
        {
            //omp sections lastprivate(which) nowait
            {
                which = 1;
                //omp section
                {
                    which = 2;
                }
            }
            //omp single nowait
            System.out.println("once");
            int seed;
            //omp single copyprivate(seed)
            {
                seed = 42;
            }
            //omp master
            System.out.println("master " + seed);
            //omp masked filter(1)
            {
                System.out.println("thread one");
            }
        }
        //omp parallel sections
        {
            //omp section
            System.out.println("a");
            //omp section
            System.out.println("b");
        }
        System.out.println(which);
    }
}
