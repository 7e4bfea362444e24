import java.util.BitSet;

/** User-defined reductions: on an object (BitSet union), on int (gcd) and on a record (min/max bounds). */
public class UserDefinedReductions {
    record Bounds(int lo, int hi) {
        static final Bounds EMPTY = new Bounds(Integer.MAX_VALUE, Integer.MIN_VALUE);

        Bounds with(int v) {
            return new Bounds(Math.min(lo, v), Math.max(hi, v));
        }

        Bounds merge(Bounds o) {
            return new Bounds(Math.min(lo, o.lo), Math.max(hi, o.hi));
        }
    }

    //omp declare reduction(union : BitSet : omp_out.or(omp_in)) initializer(omp_priv = new BitSet())
    //omp declare reduction(gcd : int : omp_out = gcd(omp_out, omp_in)) initializer(omp_priv = 0)
    //omp declare reduction(span : Bounds : omp_out = omp_out.merge(omp_in)) initializer(omp_priv = Bounds.EMPTY)

    static int gcd(int a, int b) {
        return b == 0 ? Math.abs(a) : gcd(b, a % b);
    }

    public static void main(String[] args) {
        int n = 3000;
        BitSet residues = new BitSet();
        int common = 0;
        Bounds span = Bounds.EMPTY;
        //omp parallel for reduction(union:residues) reduction(gcd:common) reduction(span:span)
        for (int i = 1; i <= n; i++) {
            int v = (i * 37) % 1009;
            residues.set(v % 64);
            common = gcd(common, 6 * i + 12);
            span = span.with(v);
        }
        System.out.println("residues = " + residues.cardinality() + ", gcd = " + common + ", span = " + span);
    }
}
