import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;

/** A region whose body calls lambdas and an inner class containing orphaned directives, bound to the region's team. */
public class LambdaDirectivesInRegion {
    interface Step {
        void apply(long[] data);
    }

    public static void main(String[] args) {
        long[] data = new long[1200];
        long[] sum = new long[1];
        AtomicLong singles = new AtomicLong();
        IntConsumer fill = scale -> {
            //omp for
            for (int i = 0; i < data.length; i++) {
                data[i] = (long) i * scale;
            }
        };
        Step accumulate = new Step() {
            @Override
            public void apply(long[] values) {
                long mine = 0;
                //omp for nowait
                for (int i = 0; i < values.length; i++) {
                    mine += values[i];
                }
                //omp critical
                {
                    sum[0] += mine;
                }
            }
        };
        Runnable once = () -> {
            //omp single
            {
                singles.incrementAndGet();
            }
        };
        //omp parallel
        {
            fill.accept(3);
            accumulate.apply(data);
            //omp barrier
            once.run();
            once.run();
        }
        System.out.println("sum = " + sum[0] + ", singles = " + singles.get());
    }
}
