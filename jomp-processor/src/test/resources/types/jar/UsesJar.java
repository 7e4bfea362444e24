import lib.Tally;

/** Uses types from a jar on the class path, through var and a for-each over a call. */
public class UsesJar {
    public static void main(String[] args) {
        var acc = Tally.start();
        //omp parallel for shared(acc)
        for (int i = 0; i < 200; i++) {
            //omp critical
            {
                acc = acc.add(i);
            }
        }
        System.out.println("count " + acc.count + " sum " + acc.sum);

        for (var block : Tally.blocks(4, 50)) {
            var max = block[0];
            //omp parallel for firstprivate(block) reduction(max:max)
            for (int i = 0; i < block.length; i++) {
                max = Math.max(max, block[i]);
            }
            System.out.println("max " + max);
        }
    }
}
