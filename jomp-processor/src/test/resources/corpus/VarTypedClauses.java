import java.util.List;

/**
 * Locals declared with var from method calls, whose types only the typed clause variables of JOMP 1.0b show
 * (the translation has no class path): a combined directive's reduction and lastprivate, and an inner construct's
 * clause, give the type of the holder the region keeps them in.
 */
public class VarTypedClauses {
    static List<Integer> values() {
        return List.of(1, 2, 3, 4);
    }

    static long sumOf(List<Integer> l) {
        return l.size();
    }

    static String nameOf(int i) {
        return "item" + i;
    }

    public static void main(String[] args) {
        var total = sumOf(values());
        //omp parallel for reduction(+:long total)
        for (int i = 0; i < 10; i++) total += i;
        System.out.println("total = " + total);

        var last = nameOf(-1);
        //omp parallel for lastprivate(String last) schedule(dynamic, 3)
        for (int i = 0; i < 20; i++) last = nameOf(i);
        System.out.println("last = " + last);

        var product = sumOf(values()) * 1.0;
        //omp parallel
        {
            //omp for reduction(*:double product)
            for (int i = 1; i <= 5; i++) product *= i;
        }
        System.out.println("product = " + product);
    }
}
