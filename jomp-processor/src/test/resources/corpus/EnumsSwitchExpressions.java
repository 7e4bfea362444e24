/** Enums and switch expressions inside a work-sharing loop, and a region inside an enum method. */
public class EnumsSwitchExpressions {
    enum Shape {
        CIRCLE, SQUARE, TRIANGLE;

        long totalSides(int copies) {
            long sides = 0;
            //omp parallel for reduction(+:sides)
            for (int i = 0; i < copies; i++) {
                sides += switch (this) {
                    case CIRCLE -> 0;
                    case SQUARE -> 4;
                    case TRIANGLE -> 3;
                };
            }
            return sides;
        }
    }

    public static void main(String[] args) {
        Shape[] shapes = Shape.values();
        int n = 3001;
        int[] counts = new int[shapes.length];
        long weight = 0;
        //omp parallel for reduction(+:weight)
        for (int i = 0; i < n; i++) {
            Shape s = shapes[i % shapes.length];
            int w = switch (s) {
                case CIRCLE -> 1;
                case SQUARE -> {
                    int k = i % 4;
                    yield k + 2;
                }
                default -> 3;
            };
            weight += w;
            //omp atomic
            counts[s.ordinal()]++;
        }
        System.out.println("weight = " + weight + ", counts = " + java.util.Arrays.toString(counts));
        for (Shape s : shapes) {
            System.out.println(s + " sides in 10 copies = " + s.totalSides(10));
        }
    }
}
