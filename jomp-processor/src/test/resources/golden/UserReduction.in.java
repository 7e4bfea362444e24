package golden;

import java.util.ArrayList;
import java.util.List;

/** declare reduction: a user-defined reduction with an initializer, used on locals of a reference type. */
public class UserReduction {
    //omp declare reduction(concat : StringBuilder : omp_out.append(omp_in)) initializer(omp_priv = new StringBuilder())
    //omp declare reduction(merge : List<Integer> : omp_out.addAll(omp_in)) initializer(new ArrayList<>())

    static String run(int n) {
        StringBuilder text = new StringBuilder();
        List<Integer> evens = new ArrayList<>();
        //omp parallel for reduction(concat:text) reduction(merge:evens) schedule(static, 1)
        for (int i = 0; i < n; i++) {
            text.append(i % 10);
            if (i % 2 == 0) {
                evens.add(i);
            }
        }
        return text.length() + " " + evens.size();
    }
}
