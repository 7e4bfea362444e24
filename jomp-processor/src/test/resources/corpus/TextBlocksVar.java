/** Text blocks and var in and around a region. */
public class TextBlocksVar {
    public static void main(String[] args) {
        var text = """
                alpha beta gamma
                delta epsilon
                zeta eta theta iota
                """;
        var lines = text.lines().toList();
        var wordCounts = new int[lines.size()];
        //omp parallel for
        for (int i = 0; i < lines.size(); i++) {
            var line = lines.get(i);
            var extra = """
                    counted""";
            wordCounts[i] = line.split(" ").length + (extra.isEmpty() ? 1 : 0);
        }
        System.out.println("words per line = " + java.util.Arrays.toString(wordCounts));
        var chars = 0L;
        //omp parallel for reduction(+:chars)
        for (var i = 0; i < text.length(); i++) {
            if (text.charAt(i) != ' ') {
                chars++;
            }
        }
        System.out.println("non-blank chars = " + chars);
    }
}
