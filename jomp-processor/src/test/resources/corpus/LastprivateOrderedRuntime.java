/** lastprivate and ordered together under schedule(runtime): run by the harness under every schedule kind. */
public class LastprivateOrderedRuntime {
    public static void main(String[] args) {
        int n = 37;
        String last = "none";
        StringBuilder digits = new StringBuilder();
        long weighted = 0;
        //omp parallel for ordered lastprivate(last) reduction(+:weighted) schedule(runtime)
        for (int i = 0; i < n; i++) {
            long w = (long) i * i;
            weighted += w;
            last = "item " + i + " weighs " + w;
            //omp ordered
            digits.append(i % 10);
        }
        System.out.println("last = " + last);
        System.out.println("digits = " + digits);
        System.out.println("weighted = " + weighted);
    }
}
