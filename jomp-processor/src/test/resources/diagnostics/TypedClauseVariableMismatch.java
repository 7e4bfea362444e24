// expect: error 6:44 "'data' is declared as int[], not int"
public class TypedClauseVariableMismatch {

    static int run(int[] data) {
        int sum = 0;
        //omp parallel for reduction(^:int data)
        for (int i = 0; i < data.length; i++) {
            sum += data[i];
        }
        return sum;
    }
}
