package org.jomp.maven;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counts directives per kind, as written in the sources, for the verbose summary. A directive is a line whose first
 * non-blank text is {@code //omp} or {@code //mpi} followed by its name; the kind is the name, with the second word
 * kept for the combined constructs ({@code parallel for}, {@code parallel sections}, {@code cancellation point}).
 * Counting the source text rather than the translator's work keeps the plugin independent of the core's internals.
 */
final class DirectiveCensus {

    private static final Pattern DIRECTIVE =
            Pattern.compile("(?m)^[ \\t]*//(omp|mpi)[ \\t]+([A-Za-z_]+)(?:[ \\t]+([A-Za-z_]+))?");
    private static final Set<String> COMBINED = Set.of("parallel for", "parallel sections", "cancellation point");

    private final Map<String, Integer> counts = new TreeMap<>();

    /** Adds the directives found in one source text. */
    void count(String source) {
        Matcher m = DIRECTIVE.matcher(source);
        while (m.find()) {
            String name = m.group(2);
            if (m.group(3) != null && COMBINED.contains(name + " " + m.group(3))) {
                name = name + " " + m.group(3);
            }
            String kind = m.group(1).equals("mpi") ? "mpi " + name : name;
            counts.merge(kind, 1, Integer::sum);
        }
    }

    /** Kind → number of directives, sorted by kind. */
    Map<String, Integer> counts() {
        return Collections.unmodifiableMap(counts);
    }

    int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** {@code "critical 1, parallel for 2"}, or {@code "none"}. */
    String describe() {
        if (counts.isEmpty()) {
            return "none";
        }
        StringBuilder out = new StringBuilder();
        counts.forEach((kind, n) -> out.append(out.length() == 0 ? "" : ", ").append(kind).append(' ').append(n));
        return out.toString();
    }
}
