package org.jomp.examples.compare;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line of {@code bin/jomp-compare}:
 * {@code [--quick] [--sizes name=N,...] [--only name,...] [--warmup W] [--repeat R] [--docs DIR] [--sources DIR]}.
 *
 * @param sizes problem sizes chosen on the command line, by example name
 * @param only the examples to run, empty for all
 */
public record CompareOptions(boolean quick, Map<String, Integer> sizes, Set<String> only, int warmup, int repeat,
        Path docs, Path sources) {
    static final int WARMUP = 2;
    static final int REPEAT = 5;
    static final int QUICK_WARMUP = 1;
    static final int QUICK_REPEAT = 3;

    public static CompareOptions parse(String[] args, List<String> known) {
        boolean quick = false;
        Map<String, Integer> sizes = new LinkedHashMap<>();
        Set<String> only = new LinkedHashSet<>();
        Integer warmup = null;
        Integer repeat = null;
        Path docs = Path.of("docs");
        Path sources = Path.of("examples/src/main/java");
        for (int a = 0; a < args.length; a++) {
            String opt = args[a];
            if (opt.equals("--quick")) {
                quick = true;
                continue;
            }
            if (a + 1 >= args.length) {
                throw new IllegalArgumentException("jomp-compare: option " + opt + " needs a value");
            }
            String value = args[++a];
            switch (opt) {
                case "--sizes" -> {
                    for (String item : value.split(",")) {
                        int eq = item.indexOf('=');
                        if (eq < 0) {
                            throw new IllegalArgumentException("jomp-compare: --sizes takes name=N items, got '"
                                    + item + "'");
                        }
                        String name = example(item.substring(0, eq), known, "--sizes");
                        sizes.put(name, positive("--sizes " + name, item.substring(eq + 1)));
                    }
                }
                case "--only" -> {
                    for (String item : value.split(",")) {
                        only.add(example(item, known, "--only"));
                    }
                }
                case "--warmup" -> warmup = nonNegative(opt, value);
                case "--repeat" -> repeat = positive(opt, value);
                case "--docs" -> docs = Path.of(value);
                case "--sources" -> sources = Path.of(value);
                default -> throw new IllegalArgumentException("jomp-compare: unknown option " + opt
                        + " (expected --quick, --sizes, --only, --warmup, --repeat, --docs, --sources)");
            }
        }
        return new CompareOptions(quick, Map.copyOf(sizes), Set.copyOf(only),
                warmup != null ? warmup : quick ? QUICK_WARMUP : WARMUP,
                repeat != null ? repeat : quick ? QUICK_REPEAT : REPEAT, docs, sources);
    }

    private static String example(String name, List<String> known, String opt) {
        String trimmed = name.trim();
        if (!known.contains(trimmed)) {
            throw new IllegalArgumentException("jomp-compare: " + opt + ": no example named '" + trimmed
                    + "' (known: " + String.join(", ", known) + ")");
        }
        return trimmed;
    }

    private static int positive(String opt, String value) {
        int v = nonNegative(opt, value);
        if (v == 0) {
            throw new IllegalArgumentException("jomp-compare: " + opt + " must be a positive integer, got 0");
        }
        return v;
    }

    private static int nonNegative(String opt, String value) {
        int v;
        try {
            v = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("jomp-compare: " + opt + " must be an integer, got '" + value + "'");
        }
        if (v < 0) {
            throw new IllegalArgumentException("jomp-compare: " + opt + " must not be negative, got " + v);
        }
        return v;
    }
}
