// expect: error 6:32 "variable"
public class EmptyVariableList {

    static void run(int[] a) {
        int t = 0;
        //omp parallel private()
        {
            t = a.length;
        }
    }
}
