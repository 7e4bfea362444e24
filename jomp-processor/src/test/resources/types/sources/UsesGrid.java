import geo.Grid;

/** Uses types declared in another source file, through var only. */
public class UsesGrid {
    public static void main(String[] args) {
        var grid = Grid.of(500);
        var weight = grid.weight();
        var sum = grid.weight() * 0;
        //omp parallel for firstprivate(grid) reduction(+:sum)
        for (int i = 0; i < grid.size(); i++) {
            sum += grid.cell(i).value() * weight;
        }
        System.out.println("sum " + sum);

        var corner = grid.cell(0);
        //omp parallel for lastprivate(corner)
        for (int i = 0; i < grid.size(); i++) {
            corner = grid.cell(i);
        }
        System.out.println("corner " + corner.value());
    }
}
