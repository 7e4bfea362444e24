/** Mandelbrot iteration counts: each point is computed by one thread, so the counts are exact; dynamic balance. */
public class MandelbrotDynamic {
    public static void main(String[] args) {
        int width = 160;
        int height = 80;
        int maxIter = 200;
        int[][] counts = new int[height][width];
        long inside = 0;
        //omp parallel for schedule(dynamic, 2) reduction(+:inside)
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double cr = -2.0 + 3.0 * x / width;
                double ci = -1.0 + 2.0 * y / height;
                double zr = 0;
                double zi = 0;
                int it = 0;
                while (it < maxIter && zr * zr + zi * zi <= 4.0) {
                    double t = zr * zr - zi * zi + cr;
                    zi = 2 * zr * zi + ci;
                    zr = t;
                    it++;
                }
                counts[y][x] = it;
                if (it == maxIter) {
                    inside++;
                }
            }
        }
        long hash = 0;
        for (int[] row : counts) {
            for (int v : row) {
                hash = hash * 31 + v;
            }
        }
        System.out.println("inside = " + inside + ", hash = " + hash);
    }
}
