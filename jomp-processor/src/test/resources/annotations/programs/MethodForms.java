import org.jomp.annotations.Critical;
import org.jomp.annotations.For;
import org.jomp.annotations.Master;
import org.jomp.annotations.Parallel;
import org.jomp.annotations.Schedule;
import org.jomp.annotations.Single;

/** Method forms: a region method with a work-sharing loop, single, master and named critical methods. */
public class MethodForms {

    private final long[] squares = new long[1000];
    private long total;
    private int singles;
    private int masters;

    @Parallel(condition = "threads > 0")
    void compute(int threads) {
        for (@For(schedule = Schedule.STATIC, chunk = "7") int i = 0; i < squares.length; i++) {
            squares[i] = (long) i * i;
        }
        once();
        primary();
        for (@For(schedule = Schedule.DYNAMIC, nowait = true) int i = 0; i < squares.length; i++) {
            add(squares[i]);
        }
    }

    @Single
    void once() {
        singles++;
    }

    @Master
    void primary() {
        masters++;
    }

    @Critical("total")
    void add(long value) {
        total += value;
    }

    public static void main(String[] args) {
        MethodForms m = new MethodForms();
        m.compute(3);
        System.out.println("total " + m.total);
        System.out.println("singles " + m.singles + " masters " + m.masters);
    }
}
