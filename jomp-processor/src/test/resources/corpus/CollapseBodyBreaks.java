/**
 * collapse(2) with breaks that stay inside one iteration of the nest: of a loop nested deeper than the collapsed
 * ones and of a switch. They keep their meaning when the nest runs as one loop over its iterations.
 */
public class CollapseBodyBreaks {
    public static void main(String[] args) {
        int n = 9;
        long firstFactors = 0;
        long kinds = 0;
        //omp parallel for collapse(2) reduction(+:firstFactors, kinds) schedule(dynamic, 2)
        for (int i = 0; i < n; i++) {
            for (int j = 1; j <= n; j++) {
                for (int d = 2; d <= i * j; d++) {
                    if (i * j % d == 0) {
                        firstFactors += d;
                        break;
                    }
                }
                switch ((i + j) % 3) {
                    case 0:
                        kinds += 1;
                        break;
                    case 1:
                        kinds += 10;
                        break;
                    default:
                        kinds += 100;
                }
                if (j == i) {
                    continue;
                }
                kinds += 1000;
            }
        }
        System.out.println("first factors = " + firstFactors + ", kinds = " + kinds);
    }
}
