/** Shared static fields updated under atomic and critical from a work-shared loop. */
public class StaticFieldsShared {
    static final int[] TABLE = new int[256];
    static int updates;
    static double weight;

    static void fillTable() {
        //omp parallel for
        for (int i = 0; i < TABLE.length; i++) {
            TABLE[i] = Integer.bitCount(i);
        }
    }

    public static void main(String[] args) {
        fillTable();
        long bits = 0;
        //omp parallel for reduction(+:bits)
        for (int i = 0; i < TABLE.length; i++) {
            bits += TABLE[i];
        }
        System.out.println("bits in 0..255 = " + bits);
        //omp parallel
        {
            //omp for
            for (int i = 0; i < 1000; i++) {
                //omp atomic
                updates++;
                //omp critical
                {
                    weight += 0.25;
                }
            }
        }
        System.out.println("updates = " + updates + ", weight = " + weight);
    }
}
