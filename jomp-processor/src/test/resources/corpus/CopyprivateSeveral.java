import java.util.List;

/** copyprivate with several variables of different kinds: a primitive, a String, an array and a List. */
public class CopyprivateSeveral {
    public static void main(String[] args) {
        boolean consistent = true;
        long sizes = 0;
        //omp parallel reduction(&&:consistent)
        {
            int k = 0;
            String name = null;
            int[] table = null;
            List<String> words = null;
            //omp single copyprivate(k, name, table, words)
            {
                k = 7;
                name = "seven";
                table = new int[] {1, 2, 3};
                words = List.of("a", "b");
            }
            consistent = k == 7 && "seven".equals(name) && table.length == 3 && words.size() == 2;
            //omp master
            {
                sizes = k + name.length() + table.length + words.size();
            }
        }
        System.out.println("every thread got the values: " + consistent + ", sizes = " + sizes);
    }
}
