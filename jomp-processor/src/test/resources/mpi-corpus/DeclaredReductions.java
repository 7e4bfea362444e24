import java.util.BitSet;

/** Reductions declared with //omp declare reduction, used across ranks (and across ranks x threads). */
public class DeclaredReductions {
    //omp declare reduction(union : BitSet : omp_out.or(omp_in)) initializer(omp_priv = new BitSet())
    //omp declare reduction(gcd : int : omp_out = gcd(omp_out, omp_in)) initializer(omp_priv = 0)
    //omp declare reduction(concat : String : omp_out = omp_out + omp_in) initializer(omp_priv = "")

    static int gcd(int a, int b) {
        return b == 0 ? Math.abs(a) : gcd(b, a % b);
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        BitSet seen = new BitSet();
        int g = 0;
        String text = "<";
        //mpi for reduction(union:seen) reduction(gcd:g) reduction(concat:text)
        for (int i = 0; i < 40; i++) {
            seen.set(i * 7 % 53);
            g = gcd(g, 12 * i + 36);
            text = text + (char) ('a' + i % 26);
        }
        int g2 = 0;
        //mpi parallel for reduction(gcd:g2) num_threads(threads)
        for (int i = 1; i <= 30; i++) {
            g2 = gcd(g2, 15 * i);
        }
        BitSet marks = new BitSet();
        //mpi on(mpi_size - 1)
        marks.set(5);
        //mpi allreduce(union: marks)
        String word = "w";
        //mpi reduce(concat: word) root(mpi_size - 1)
        //mpi bcast(word) root(mpi_size - 1)
        //mpi master
        System.out.println(seen + " " + g + " " + text + " " + g2 + " " + marks + " "
                + word.length() / Integer.parseInt(args[1]));
    }
}
