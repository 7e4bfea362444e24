package org.jomp.translator.prop;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes directive lines for the property test: well-formed ones from the directive grammar, and mutants of them
 * (a token deleted, duplicated, swapped or replaced, punctuation inserted, a clause added or cut short), the way a
 * user's typing goes wrong.
 */
final class DirectiveMutator {

    private static final String[] CONSTRUCTS = {"parallel", "for", "parallel for", "sections", "section",
        "parallel sections", "single", "master", "masked", "critical", "critical(name)", "atomic", "atomic read",
        "atomic write", "atomic update", "atomic capture", "barrier", "flush", "flush(x)", "ordered", "task",
        "taskwait", "taskgroup", "taskloop", "cancel for", "cancel parallel", "cancellation point for", "only",
        "threadprivate(x)", "parallel for simd", "declare", "end"};
    private static final String[] CLAUSES = {"if(%b)", "num_threads(%n)", "default(shared)", "default(none)",
        "private(%v)", "firstprivate(%v)", "lastprivate(%v)", "shared(%v)", "reduction(%o:%v)", "copyin(%v)",
        "copyprivate(%v)", "schedule(%s)", "schedule(%s, %n)", "collapse(%n)", "ordered", "nowait",
        "proc_bind(close)", "final(%b)", "untied", "depend(in: %v)", "depend(out: %v)", "depend(inout: %v)",
        "grainsize(%n)", "num_tasks(%n)", "filter(%n)", "reduction(%o:int %v)", "private(double %v)"};
    private static final String[] OPERATORS = {"+", "*", "-", "&", "|", "^", "&&", "||", "min", "max", "%", "?",
        ""};
    private static final String[] SCHEDULES = {"static", "dynamic", "guided", "auto", "runtime", "fastest", ""};
    private static final String[] NUMBERS = {"0", "1", "2", "3", "4", "-1", "n", "1 + 1", "x", "\"s\"", "1.5", ""};
    private static final String[] BOOLEANS = {"true", "false", "n > 1", "n", "x == 0", ""};
    private static final String[] PUNCTUATION = {"(", ")", ",", ":", ";", "[", "]", "{", "}", ".", "=", "<", ">",
        "!", "\\", "'", "\"", "/", "*", "//", "/*", "*/", "@", "#", "$"};
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*|\\d+|\\S");

    private final Random random;
    private final List<String> variables;

    /**
     * @param variables names to use in clauses: the host's real variables mixed with unknown ones
     */
    DirectiveMutator(Random random, List<String> variables) {
        this.random = random;
        this.variables = variables;
    }

    /**
     * A directive line with the leading {@code //omp}: a third are plain constructs (most likely to translate, so
     * the compiled side of the property gets exercised), the rest carry random clauses, mutated or not.
     */
    String next() {
        return switch (random.nextInt(6)) {
            case 0, 1 -> "//omp " + pick(CONSTRUCTS);
            case 2 -> wellFormed();
            default -> mutate(wellFormed());
        };
    }

    /** A mutant of the given directive line. */
    String mutate(String line) {
        List<String> tokens = tokens(line);
        int operations = 1 + random.nextInt(3);
        for (int k = 0; k < operations && !tokens.isEmpty(); k++) {
            int at = random.nextInt(tokens.size());
            switch (random.nextInt(8)) {
                case 0 -> tokens.remove(at);
                case 1 -> tokens.add(at, tokens.get(at));
                case 2 -> {
                    int other = random.nextInt(tokens.size());
                    String t = tokens.get(at);
                    tokens.set(at, tokens.get(other));
                    tokens.set(other, t);
                }
                case 3 -> tokens.add(at, pick(PUNCTUATION));
                case 4 -> tokens.add(clause());
                case 5 -> tokens.subList(at, tokens.size()).clear();
                case 6 -> tokens.set(at, pick(variables));
                default -> tokens.add(at, pick(CONSTRUCTS));
            }
        }
        String rest = String.join(" ", tokens);
        return rest.startsWith("//omp") ? rest : "//omp " + rest;
    }

    private String wellFormed() {
        StringBuilder line = new StringBuilder("//omp ").append(pick(CONSTRUCTS));
        int clauses = random.nextInt(4);
        for (int k = 0; k < clauses; k++) {
            line.append(' ').append(clause());
        }
        return line.toString();
    }

    private String clause() {
        String template = pick(CLAUSES);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '%' && i + 1 < template.length()) {
                char kind = template.charAt(++i);
                out.append(switch (kind) {
                    case 'b' -> pick(BOOLEANS);
                    case 'n' -> pick(NUMBERS);
                    case 'o' -> pick(OPERATORS);
                    case 's' -> pick(SCHEDULES);
                    default -> variableList();
                });
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private String variableList() {
        int count = random.nextInt(4);
        List<String> names = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            names.add(pick(variables));
        }
        return String.join(", ", names);
    }

    private static List<String> tokens(String line) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(line.replaceFirst("^//omp", ""));
        while (m.find()) {
            tokens.add(m.group());
        }
        return tokens;
    }

    private String pick(String[] options) {
        return options[random.nextInt(options.length)];
    }

    private String pick(List<String> options) {
        return options.get(random.nextInt(options.size()));
    }
}
