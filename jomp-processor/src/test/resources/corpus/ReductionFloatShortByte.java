/** Reductions on float, short, byte and char: the narrow types widen for the operation and narrow back. */
public class ReductionFloatShortByte {
    public static void main(String[] args) {
        int n = 4096;
        float fsum = 0f;
        float fmin = Float.MAX_VALUE;
        float fmax = -Float.MAX_VALUE;
        float fprod = 1f;
        float fdiff = 0f;
        short ssum = 0;
        byte bxor = 0;
        char cmax = 'a';
        //omp parallel for reduction(+:fsum) reduction(*:fprod) reduction(-:fdiff) reduction(min:fmin) reduction(max:fmax, cmax) reduction(+:ssum) reduction(^:bxor)
        for (int i = 0; i < n; i++) {
            float f = (i % 64) * 0.25f;
            fsum += f;
            if (i % 512 == 0) {
                fprod *= 0.5f;
            }
            fdiff -= 0.75f;
            fmin = Math.min(fmin, f);
            fmax = Math.max(fmax, f);
            ssum += (short) (i % 3);
            bxor ^= (byte) (i * 7 + i / 100);
            char c = (char) ('a' + i % 26);
            if (c > cmax) {
                cmax = c;
            }
        }
        System.out.println("fsum=" + fsum + " fprod=" + fprod + " fdiff=" + fdiff + " fmin=" + fmin + " fmax=" + fmax);
        System.out.println("ssum=" + ssum + " bxor=" + bxor + " cmax=" + cmax);
    }
}
