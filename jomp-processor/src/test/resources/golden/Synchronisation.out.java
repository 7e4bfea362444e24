package golden; import org.jomp.runtime.Omp; import org.jomp.runtime.CriticalLock; import org.jomp.runtime.Atomic; import org.jomp.runtime.Loop; import org.jomp.runtime.Schedule; import org.jomp.runtime.Cancel;

/** critical (named, unnamed), atomic (update, read, write, capture), barrier, flush, taskyield, cancel. */
public class Synchronisation {
    static int field;

    static void run(int[] counts, int n) {
        int total = 0;
        int snapshot = 0;
        { int[] total$shared = {total}; int[] snapshot$shared = {snapshot}; //omp parallel
        Omp.parallel(() -> { {
            //omp critical(io)
            { CriticalLock io$lock = Omp.critical("io"); io$lock.lock(); try { {
                System.out.println("in");
            } } finally { io$lock.unlock(); } }
            //omp atomic
            Atomic.addAndGet(counts, 0, 1);
            //omp atomic update
            Atomic.addAndGet(counts, 1, n);
            //omp atomic
            Atomic.update(counts, 2, (old$, operand$) -> old$ * operand$, 2);
            //omp atomic
            Atomic.addAndGet(total$shared, 0, 1);
            //omp atomic read
            snapshot$shared[0] = Atomic.read(total$shared, 0);
            //omp atomic write
            Atomic.write(counts, 3, n);
            //omp atomic capture
            snapshot$shared[0] = Atomic.getAndAdd(counts, 0, 1);
            //omp atomic
            Atomic.lock(); try { field += 1; } finally { Atomic.unlock(); }
            Omp.barrier(); //omp barrier
            Omp.flush(); //omp flush
            Thread.yield(); //omp taskyield
            //omp for
            { Loop i$loop = Omp.loop(0, n, 1, Schedule.STATIC, 0); for$cancel: while (i$loop.next()) { for (int i = i$loop.intStart(), i$end = i$loop.intEnd(); i < i$end; i++) {
                if ((i > 10) && Omp.cancel(Cancel.FOR)) break for$cancel; //omp cancel for if(i > 10)
                if (Omp.cancellationPoint(Cancel.FOR)) break for$cancel; //omp cancellation point for
                counts[4] = i;
            } } i$loop.end(false); }
        } }); total = total$shared[0]; snapshot = snapshot$shared[0]; }
        System.out.println(total + snapshot);
    }
}
