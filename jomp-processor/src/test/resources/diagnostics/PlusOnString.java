// expect: error 6:40 "+" "String"
public class PlusOnString {

    static String run(String[] a) {
        String s = "";
        //omp parallel for reduction(+:s)
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }
}
