package org.jomp.translator.directive;

import org.jomp.translator.TranslationException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Recursive-descent parser of one {@code //omp} comment. Every error carries the exact line and column of the
 * offending character, so the user sees a caret under it.
 *
 * <pre>
 * directive := 'omp' name [argument] { [','] clause }
 * clause    := identifier [ '(' arguments ')' ]
 * var       := [type] identifier          (JOMP 1.0b typed clause variables)
 * </pre>
 */
public final class DirectiveParser extends DirectiveScanner {

    private static final Set<String> CLAUSES = Set.of("private", "firstprivate", "lastprivate", "shared", "copyin",
            "copyprivate", "reduction", "schedule", "if", "num_threads", "final", "grainsize", "num_tasks", "filter",
            "priority", "collapse", "default", "depend", "nowait", "ordered", "untied", "mergeable", "nogroup",
            "proc_bind");
    private static final Set<String> VAR_LISTS = Set.of("private", "firstprivate", "lastprivate", "shared", "copyin",
            "copyprivate");
    private static final Set<String> VALUES = Set.of("if", "num_threads", "final", "grainsize", "num_tasks", "filter",
            "priority");
    private static final Set<String> FLAGS = Set.of("nowait", "ordered", "untied", "mergeable", "nogroup");
    private static final Set<String> SCHEDULES = Set.of("static", "dynamic", "guided", "auto", "runtime");
    private static final Set<String> KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
            "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends",
            "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
            "interface", "long", "native", "new", "package", "private", "protected", "public", "return", "short",
            "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try",
            "void", "volatile", "while", "true", "false", "null");
    /** An array element in a reduction clause, e.g. {@code sums[1]}. */
    private static final Pattern ELEMENT = Pattern.compile(
            "[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*\\s*\\[[^\\[\\]]+]");
    private static final Pattern TYPE = Pattern.compile(
            "[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}.]*(\\s*<[^()]*>)?(\\s*\\[\\s*])*");

    /**
     * @param content the comment's text after {@code //}
     * @param line    line of the comment
     * @param column  column of the comment's first {@code /}
     */
    private DirectiveParser(String content, int line, int column) {
        super(content, line, column);
    }

    /** True when a line comment's text (after {@code //}) is an {@code omp} directive. */
    public static boolean isDirective(String content) {
        return startsWithSentinel(content, "omp");
    }

    public static Directive parse(String content, int line, int column) {
        return new DirectiveParser(content, line, column).directive();
    }

    private Directive directive() {
        pos = 3;
        skipBlanks();
        int nameAt = pos;
        String word = word();
        if (word.isEmpty()) {
            throw error(nameAt, at() == -1 ? "missing directive name after '//omp'"
                    : "expected a directive name after '//omp', found '" + (char) at() + "'");
        }
        DirectiveKind kind = kind(word, nameAt);
        String argument = null;
        int argColumn = col(pos);
        List<Var> names = List.of();
        switch (kind) {
            case CRITICAL -> {
                skipBlanks();
                if (at() == '(') {
                    int open = pos;
                    String inside = parens("critical");
                    String name = inside.strip();
                    if (!IDENTIFIER.matcher(name).matches()) {
                        throw error(open + 1, name.isEmpty() ? "missing name in 'critical()'"
                                : "'" + name + "' is not a valid critical section name");
                    }
                    argument = name;
                    argColumn = col(open + 1);
                }
            }
            case ATOMIC -> {
                skipBlanks();
                int at = pos;
                String w = peekWord();
                if (Set.of("read", "write", "update", "capture").contains(w)) {
                    word();
                    argument = w;
                    argColumn = col(at);
                } else if (!w.isEmpty() && !CLAUSES.contains(w) && !w.equals("seq_cst")) {
                    throw error(at, "unknown atomic kind '" + w + "' (expected read, write, update or capture)");
                } else {
                    argument = "update";
                }
            }
            case FLUSH, THREADPRIVATE -> {
                skipBlanks();
                if (at() == '(') {
                    names = varList(kind.text(), false);
                } else if (kind == DirectiveKind.THREADPRIVATE) {
                    throw error(pos, "missing '(' after 'threadprivate' (expected threadprivate(variables))");
                }
            }
            case CANCEL, CANCELLATION_POINT -> {
                skipBlanks();
                int at = pos;
                String w = word();
                if (!Set.of("parallel", "for", "sections", "taskgroup").contains(w)) {
                    throw error(at, w.isEmpty() ? "missing construct kind after '" + kind.text()
                            + "' (expected parallel, for, sections or taskgroup)"
                            : "unknown construct kind '" + w + "' (expected parallel, for, sections or taskgroup)");
                }
                argument = w;
                argColumn = col(at);
            }
            case ONLY -> {
                skipBlanks();
                argColumn = col(pos);
                argument = text.substring(pos).strip();
                if (argument.isEmpty()) {
                    throw error(pos, "missing statement after '//omp only'");
                }
                pos = text.length();
            }
            case DECLARE_REDUCTION -> {
                skipBlanks();
                return declaredReduction();
            }
            default -> {
            }
        }
        List<Clause> clauses = clauses(kind);
        return new Directive(kind, argument, names, clauses, line, column, argColumn);
    }

    /** {@code declare reduction(name : type : combiner) [initializer(omp_priv = value)]}. */
    private Directive declaredReduction() {
        if (at() != '(') {
            throw error(pos, "missing '(' after 'declare reduction' (expected (name : type : combiner))");
        }
        int open = pos;
        String inside = parens("declare reduction");
        int start = open + 1;
        int first = topLevel(inside, ':');
        int second = first < 0 ? -1 : first + 1 + topLevel(inside.substring(first + 1), ':');
        if (first < 0 || second <= first) {
            throw error(start, "expected declare reduction(name : type : combiner)");
        }
        String name = inside.substring(0, first).strip();
        if (!IDENTIFIER.matcher(name).matches() || ReductionOp.of(name) != null) {
            throw error(start + leading(inside), "'" + name + "' is not a valid name for a reduction");
        }
        String type = inside.substring(first + 1, second).strip();
        if (!TYPE.matcher(type).matches()) {
            throw error(start + first + 1 + leading(inside.substring(first + 1)), "'" + type + "' is not a type");
        }
        Expr combiner = expr(inside.substring(second + 1), start + second + 1, "declare reduction");
        Expr initializer = null;
        skipBlanks();
        if (at() != -1) {
            int at = pos;
            if (!word().equals("initializer")) {
                throw error(at, "expected 'initializer(omp_priv = value)' after the declaration");
            }
            skipBlanks();
            if (at() != '(') {
                throw error(pos, "missing '(' after 'initializer'");
            }
            int initOpen = pos;
            initializer = expr(parens("initializer"), initOpen + 1, "initializer");
            skipBlanks();
            if (at() != -1) {
                throw error(pos, "unexpected text after the initializer");
            }
        }
        return new Directive(DirectiveKind.DECLARE_REDUCTION, name, List.of(),
                List.of(new Clause.DeclaredReduction(name, type, combiner, initializer, line, column)), line, column,
                col(start));
    }

    private DirectiveKind kind(String word, int at) {
        switch (word) {
            case "parallel" -> {
                String next = peekWord();
                if (next.equals("for")) {
                    word();
                    return DirectiveKind.PARALLEL_FOR;
                }
                if (next.equals("sections")) {
                    word();
                    return DirectiveKind.PARALLEL_SECTIONS;
                }
                return DirectiveKind.PARALLEL;
            }
            case "declare" -> {
                int p = pos;
                skipBlanks();
                if (!word().equals("reduction")) {
                    throw error(p, "expected 'reduction' after 'declare'");
                }
                return DirectiveKind.DECLARE_REDUCTION;
            }
            case "cancellation" -> {
                int p = pos;
                skipBlanks();
                if (!word().equals("point")) {
                    throw error(p, "expected 'point' after 'cancellation'");
                }
                return DirectiveKind.CANCELLATION_POINT;
            }
            default -> {
                for (DirectiveKind k : DirectiveKind.values()) {
                    if (k.text().equals(word)) {
                        return k;
                    }
                }
                throw error(at, "unknown directive '" + word + "'");
            }
        }
    }

    private List<Clause> clauses(DirectiveKind kind) {
        List<Clause> clauses = new ArrayList<>();
        Map<String, String> varClause = new HashMap<>();
        while (true) {
            skipBlanks();
            if (at() == ',') {
                pos++;
                skipBlanks();
            }
            if (at() == -1) {
                return clauses;
            }
            int at = pos;
            String name = word();
            if (name.isEmpty()) {
                throw error(at, "unexpected '" + (char) at() + "' in '" + kind.text() + "' directive");
            }
            if (!CLAUSES.contains(name)) {
                throw error(at, "unknown clause '" + name + "'");
            }
            if (!kind.allows(name)) {
                throw error(at, "clause '" + name + "' is not allowed on '" + kind.text() + "'");
            }
            if (!VAR_LISTS.contains(name) && !name.equals("reduction") && !name.equals("depend")
                    && clauses.stream().anyMatch(c -> c.name().equals(name))) {
                throw error(at, "duplicate clause '" + name + "'");
            }
            Clause clause = clause(name, at);
            for (Var v : varsOf(clause)) {
                String before = varClause.putIfAbsent(v.name(), name);
                boolean firstAndLast = Set.of(before == null ? "" : before, name)
                        .equals(Set.of("firstprivate", "lastprivate"));
                if (before != null && !firstAndLast) {
                    throw new TranslationException(v.line(), v.column(), "variable '" + v.name() + "' appears in both '"
                            + before + "' and '" + name + "'");
                }
            }
            clauses.add(clause);
        }
    }

    private static List<Var> varsOf(Clause c) {
        if (c instanceof Clause.VarList l) {
            return l.vars();
        }
        if (c instanceof Clause.Reduction r) {
            return r.vars();
        }
        return List.of();
    }

    private Clause clause(String name, int at) {
        int l = line;
        int c = col(at);
        if (VAR_LISTS.contains(name)) {
            return new Clause.VarList(name, varList(name, true), l, c);
        }
        if (FLAGS.contains(name)) {
            skipBlanks();
            if (at() == '(') {
                throw error(pos, "clause '" + name + "' takes no arguments");
            }
            return new Clause.Flag(name, l, c);
        }
        skipBlanks();
        if (at() != '(') {
            throw error(pos, "missing '(' after '" + name + "'");
        }
        int open = pos;
        String inside = parens(name);
        int start = open + 1;
        return switch (name) {
            case "reduction" -> reduction(inside, start, l, c);
            case "schedule" -> schedule(inside, start, l, c);
            case "collapse" -> {
                Expr e = expr(inside, start, name);
                Long n = e.literalValue();
                if (n == null || n < 1) {
                    throw error(start, "collapse needs a positive integer constant, got '" + inside.strip() + "'");
                }
                yield new Clause.Collapse(n.intValue(), l, c);
            }
            case "default" -> {
                String v = inside.strip();
                if (!v.equals("shared") && !v.equals("none")) {
                    throw error(start, "default must be 'shared' or 'none', got '" + v + "'");
                }
                yield new Clause.Default(v.equals("none"), l, c);
            }
            case "depend" -> depend(inside, start, l, c);
            case "proc_bind" -> {
                String v = inside.strip();
                if (!Set.of("master", "primary", "close", "spread").contains(v)) {
                    throw error(start, "proc_bind must be primary, master, close or spread, got '" + v + "'");
                }
                yield new Clause.Flag(name, l, c);
            }
            default -> {
                Expr e = expr(inside, start, name);
                Long v = e.literalValue();
                if (v != null && v <= 0 && Set.of("num_threads", "grainsize", "num_tasks").contains(name)) {
                    throw new TranslationException(e.line(), e.column(), name + " must be positive, got " + v);
                }
                yield new Clause.Value(name, e, l, c);
            }
        };
    }

    private Clause reduction(String inside, int start, int l, int c) {
        int colon = topLevel(inside, ':');
        if (colon < 0) {
            throw error(start, "missing ':' in reduction clause (expected reduction(operator : variables))");
        }
        String op = inside.substring(0, colon).strip();
        int opAt = start + leading(inside);
        ReductionOp rop = ReductionOp.of(op);
        if (rop == null && !IDENTIFIER.matcher(op).matches()) {
            throw error(opAt, op.isEmpty() ? "missing reduction operator"
                    : "unknown reduction operator '" + op + "' (expected + * - & | ^ && || min max, or the name of"
                    + " a declared reduction)");
        }
        List<Var> vars = vars(inside.substring(colon + 1), start + colon + 1, "reduction", true);
        return new Clause.Reduction(rop, rop == null ? op : null, vars, l, c, col(opAt));
    }

    private Clause schedule(String inside, int start, int l, int c) {
        int comma = topLevel(inside, ',');
        String head = comma < 0 ? inside : inside.substring(0, comma);
        int kindAt = start + leading(head);
        String kind = head.strip();
        int modifier = kind.indexOf(':');
        boolean monotonic = false;
        if (modifier >= 0) {
            String mod = kind.substring(0, modifier).strip();
            if (!Set.of("monotonic", "nonmonotonic", "simd").contains(mod)) {
                throw error(kindAt, "unknown schedule modifier '" + mod + "'");
            }
            monotonic = mod.equals("monotonic");
            kindAt += modifier + 1 + leading(kind.substring(modifier + 1));
            kind = kind.substring(modifier + 1).strip();
        }
        if (!SCHEDULES.contains(kind)) {
            throw error(kindAt, kind.isEmpty() ? "missing schedule kind"
                    : "unknown schedule kind '" + kind + "' (expected static, dynamic, guided, auto or runtime)");
        }
        Expr chunk = null;
        if (comma >= 0) {
            if (kind.equals("auto") || kind.equals("runtime")) {
                throw error(start + comma, "schedule(" + kind + ") takes no chunk size");
            }
            chunk = expr(inside.substring(comma + 1), start + comma + 1, "schedule");
            Long v = chunk.literalValue();
            if (v != null && v <= 0) {
                throw new TranslationException(chunk.line(), chunk.column(), "chunk size must be positive, got " + v);
            }
        }
        return new Clause.Schedule(kind, monotonic, chunk, l, c);
    }

    private Clause depend(String inside, int start, int l, int c) {
        int colon = topLevel(inside, ':');
        String type = colon < 0 ? "" : inside.substring(0, colon).strip();
        if (!Set.of("in", "out", "inout").contains(type)) {
            throw error(start + leading(inside), "depend needs a type in, out or inout (expected depend(in : x))");
        }
        List<Expr> items = new ArrayList<>();
        for (int[] part : split(inside, colon + 1, inside.length())) {
            String item = inside.substring(part[0], part[1]);
            items.add(expr(item, start + part[0], "depend"));
        }
        return new Clause.Depend(type, items, l, c);
    }

    private List<Var> varList(String clause, boolean typed) {
        int open = pos;
        String inside = parens(clause);
        return vars(inside, open + 1, clause, typed);
    }

    private List<Var> vars(String s, int start, String clause, boolean typed) {
        if (s.isBlank()) {
            throw error(start, "empty variable list in '" + clause + "'");
        }
        List<Var> vars = new ArrayList<>();
        for (int[] part : split(s, 0, s.length())) {
            String item = s.substring(part[0], part[1]);
            int itemAt = start + part[0] + leading(item);
            String t = item.strip();
            if (t.isEmpty()) {
                throw error(itemAt, "missing variable name in '" + clause + "'");
            }
            if (clause.equals("reduction") && ELEMENT.matcher(t).matches()) {
                vars.add(new Var(null, t.replaceAll("\\s+", ""), line, col(itemAt)));
                continue;
            }
            int nameStart = t.length();
            while (nameStart > 0 && Character.isJavaIdentifierPart(t.charAt(nameStart - 1))) {
                nameStart--;
            }
            String name = t.substring(nameStart);
            String type = t.substring(0, nameStart).strip();
            int nameAt = itemAt + nameStart;
            if (name.isEmpty() || !IDENTIFIER.matcher(name).matches() || KEYWORDS.contains(name)) {
                throw error(itemAt, "'" + t + "' is not a variable name");
            }
            if (!type.isEmpty()) {
                boolean separated = Character.isWhitespace(t.charAt(nameStart - 1)) || type.endsWith("]")
                        || type.endsWith(">");
                if (!typed || !separated || !TYPE.matcher(type).matches()) {
                    throw error(itemAt, "'" + t + "' is not a variable name");
                }
            }
            vars.add(new Var(type.isEmpty() ? null : type, name, line, col(nameAt)));
        }
        return vars;
    }

    /** Splits s[from, to) at top-level commas into [start, end) pairs. */
    private static List<int[]> split(String s, int from, int to) {
        List<int[]> parts = new ArrayList<>();
        int depth = 0;
        int partStart = from;
        for (int i = from; i < to; i++) {
            char ch = s.charAt(i);
            if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}' || ch == '>') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                parts.add(new int[] {partStart, i});
                partStart = i + 1;
            }
        }
        parts.add(new int[] {partStart, to});
        return parts;
    }

    private String word() {
        skipBlanks();
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private String peekWord() {
        int save = pos;
        String w = word();
        pos = save;
        return w;
    }
}
