import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** Per-thread maps merged in a critical section: a common pattern for non-primitive accumulation. */
public class WordFrequencyCritical {
    public static void main(String[] args) {
        String[] vocabulary = {"omp", "java", "thread", "team", "loop", "barrier", "task"};
        String[] words = new String[6000];
        for (int i = 0; i < words.length; i++) {
            words[i] = vocabulary[(i * i + 3 * i) % vocabulary.length];
        }
        Map<String, Integer> total = new TreeMap<>();
        //omp parallel
        {
            Map<String, Integer> mine = new HashMap<>();
            //omp for nowait
            for (int i = 0; i < words.length; i++) {
                mine.merge(words[i], 1, Integer::sum);
            }
            //omp critical(merge)
            {
                mine.forEach((w, c) -> total.merge(w, c, Integer::sum));
            }
        }
        System.out.println(total);
    }
}
