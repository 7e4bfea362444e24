/** Reductions into a static field, an instance field and array elements. */
public class ReductionFieldsArrays {
    static long total;
    int hits;

    void count(int[] data) {
        //omp parallel for reduction(+:hits)
        for (int i = 0; i < data.length; i++) {
            if (data[i] % 3 == 0) {
                hits++;
            }
        }
    }

    public static void main(String[] args) {
        int n = 9000;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (i * 31) % 1000;
        }
        //omp parallel for reduction(+:total)
        for (int i = 0; i < n; i++) {
            total += data[i];
        }
        System.out.println("total = " + total);

        ReductionFieldsArrays r = new ReductionFieldsArrays();
        r.count(data);
        System.out.println("multiples of 3 = " + r.hits);

        long[] sums = new long[3];
        //omp parallel for reduction(+:sums[1]) reduction(max:sums[2])
        for (int i = 0; i < n; i++) {
            sums[1] += data[i] % 7;
            sums[2] = Math.max(sums[2], data[i]);
        }
        System.out.println("sums = " + java.util.Arrays.toString(sums));

        int[] histogram = new int[10];
        //omp parallel for reduction(+:histogram)
        for (int i = 0; i < n; i++) {
            histogram[data[i] / 100]++;
        }
        System.out.println("histogram = " + java.util.Arrays.toString(histogram));
    }
}
