import org.jomp.annotations.Critical;
import org.jomp.annotations.For;
import org.jomp.annotations.Master;
import org.jomp.annotations.Parallel;
import org.jomp.annotations.ParallelSections;
import org.jomp.annotations.Schedule;
import org.jomp.annotations.Sections;
import org.jomp.annotations.Single;

/** Method forms: a region method with work-sharing loops and sections, single, master, critical, parallel sections. */
public class MethodForms {

    private final long[] squares = new long[1000];
    private long total;
    private int singles;
    private int masters;
    private int marksA;
    private int marksB;
    private long left;
    private long right;

    @Parallel(condition = "threads > 0")
    void compute(int threads) {
        for (@For(schedule = Schedule.STATIC, chunk = "7") int i = 0; i < squares.length; i++) {
            squares[i] = (long) i * i;
        }
        once();
        primary();
        marks();
        for (@For(schedule = Schedule.DYNAMIC, nowait = true) int i = 0; i < squares.length; i++) {
            add(squares[i]);
        }
    }

    @Sections
    void marks() {
        marksA++;
        marksB += 2;
    }

    @ParallelSections(numThreads = "2")
    void halves() {
        left = sumRange(0, squares.length / 2);
        right = sumRange(squares.length / 2, squares.length);
    }

    private long sumRange(int from, int to) {
        long s = 0;
        for (int i = from; i < to; i++) {
            s += squares[i];
        }
        return s;
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
        System.out.println("singles " + m.singles + " masters " + m.masters + " marks " + m.marksA + " " + m.marksB);
        m.halves();
        System.out.println("halves " + m.left + " " + m.right);
    }
}
