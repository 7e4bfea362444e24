package golden; import org.jomp.runtime.ThreadPrivate; import org.jomp.runtime.Omp;

/** threadprivate static fields (one value per thread, persisting across regions) and copyin. */
public class ThreadPrivateCopyin {
    //omp threadprivate(counter, name)
    private static final ThreadPrivate.OfInt counter = ThreadPrivate.ofInt(5);
    static final ThreadPrivate<String> name = ThreadPrivate.of(() -> null);

    static int run() {
        counter.set(1);
        name.set("main");
        int total = 0;
        { int[] total$shared = {total}; var counter$master = counter.get(); //omp parallel copyin(counter) reduction(+:total)
        Omp.parallel(() -> { counter.set(counter$master); int total$ = 0; {
            counter.set(counter.get() + 1);
            ThreadPrivateCopyin.counter.set(ThreadPrivateCopyin.counter.get() + (2));
            total$ += counter.get();
        } Omp.reductionLock(); try { total$shared[0] += total$; } finally { Omp.reductionUnlock(); } }); total = total$shared[0]; }
        return total + counter.get();
    }
}
