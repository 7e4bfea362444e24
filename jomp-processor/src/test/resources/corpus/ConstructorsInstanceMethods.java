/** Directives in a constructor and in instance methods that use fields and this. */
public class ConstructorsInstanceMethods {
    private final double[] values;
    private double scale = 1;

    ConstructorsInstanceMethods(int n) {
        values = new double[n];
        //omp parallel for
        for (int i = 0; i < n; i++) {
            values[i] = i % 8;
        }
    }

    void rescale(double factor) {
        //omp parallel
        {
            //omp for
            for (int i = 0; i < values.length; i++) {
                values[i] *= factor;
            }
            //omp single
            {
                this.scale *= factor;
            }
        }
    }

    double total() {
        double t = 0;
        //omp parallel for reduction(+:t)
        for (int i = 0; i < values.length; i++) {
            t += this.values[i];
        }
        return t;
    }

    public static void main(String[] args) {
        ConstructorsInstanceMethods c = new ConstructorsInstanceMethods(4000);
        System.out.println("total = " + c.total());
        c.rescale(0.5);
        c.rescale(4);
        System.out.println("total = " + c.total() + ", scale = " + c.scale);
    }
}
