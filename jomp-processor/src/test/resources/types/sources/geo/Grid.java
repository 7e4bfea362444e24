package geo;

/** A grid of cells, in its own file: the program that uses it says var and never names its types. */
public final class Grid {

    /** One cell: a nested class, which a declaration must name Grid.Cell. */
    public static final class Cell {
        private final double value;

        Cell(double value) {
            this.value = value;
        }

        public double value() {
            return value;
        }
    }

    private final Cell[] cells;

    private Grid(int n) {
        cells = new Cell[n];
        for (int i = 0; i < n; i++) {
            cells[i] = new Cell(i * 37 % 101);
        }
    }

    public static Grid of(int n) {
        return new Grid(n);
    }

    public Cell cell(int i) {
        return cells[i];
    }

    public int size() {
        return cells.length;
    }

    public double weight() {
        return 0.5;
    }
}
