// expect: error 5:32 "int"
public class KeywordAsVariable {

    static void run(int[] a) {
        //omp parallel private(int)
        {
            a[0] = 1;
        }
    }
}
