/** Reductions on boxed variables: Integer, Long, Double and Boolean, as the directive reference allows. */
public class ReductionBoxed {
    public static void main(String[] args) {
        Integer count = 0;
        Long total = 0L;
        Double maxSeen = Double.NEGATIVE_INFINITY;
        Boolean allSmall = true;
        //omp parallel for reduction(+:count, total) reduction(max:maxSeen) reduction(&&:allSmall)
        for (int i = 0; i < 5000; i++) {
            count += 1;
            total += i % 13;
            maxSeen = Math.max(maxSeen, (double) (i % 101));
            allSmall = allSmall && i < 5000;
        }
        System.out.println("count = " + count + ", total = " + total + ", max = " + maxSeen + ", all small = "
                + allSmall);
    }
}
