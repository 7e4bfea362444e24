package org.jomp.it.types;

/** Directives on variables declared with var: their types come from Groups (another source file) and the JDK. */
public final class Totals {

    private Totals() {
    }

    public static long sum(int n) {
        var groups = Groups.of(n);
        var total = groups.size() * 0L;
        for (var e : groups.entrySet()) {
            //omp parallel for firstprivate(e) reduction(+:total)
            for (int i = 0; i < e.getValue().size(); i++) {
                total += e.getValue().get(i);
            }
        }
        return total;
    }
}
