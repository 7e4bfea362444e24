package org.jomp.translator.directive.mpi;

import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Directive;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.DirectiveScanner;
import org.jomp.translator.directive.Expr;
import org.jomp.translator.directive.ReductionOp;
import org.jomp.translator.directive.Var;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recursive-descent parser of one {@code //mpi} comment (grammar in docs/directives-mpi.md). Every error names the
 * line and column of the offending character.
 *
 * <pre>
 * directive := 'mpi' ( 'for' | 'parallel' 'for' ) { clause }
 *            | 'mpi' ( 'bcast' '(' items ')' | ('reduce' | 'allreduce') '(' (op | name) ':' items ')'
 *                    | ('scatter' | 'gather' | 'allgather' | 'alltoall') '(' item '->' item ')' ) { clause }
 *            | 'mpi' 'barrier' { clause } | 'mpi' 'master' | 'mpi' 'on' '(' expr ')'
 * item      := identifier [ '[' expr ':' expr ']' ]
 * clause    := schedule(block|cyclic[, chunk]) | reduction(op : vars) | gather(arrays) | allgather(arrays)
 *            | elements(expr) | root(expr) | num_threads(expr) | nowait
 * </pre>
 */
public final class MpiDirectiveParser extends DirectiveScanner {

    private static final Map<String, DirectiveKind> TRANSFERS = Map.of("bcast", DirectiveKind.MPI_BCAST,
            "reduce", DirectiveKind.MPI_REDUCE, "allreduce", DirectiveKind.MPI_ALLREDUCE,
            "scatter", DirectiveKind.MPI_SCATTER, "gather", DirectiveKind.MPI_GATHER,
            "allgather", DirectiveKind.MPI_ALLGATHER, "alltoall", DirectiveKind.MPI_ALLTOALL);
    private static final String NAMES = "for, parallel for, bcast, reduce, allreduce, scatter, gather, allgather,"
            + " alltoall, barrier, master, on";

    private MpiDirectiveParser(String content, int line, int column) {
        super(content, line, column);
    }

    /** True when a line comment's text (after {@code //}) is an {@code mpi} directive. */
    public static boolean isDirective(String content) {
        return startsWithSentinel(content, "mpi");
    }

    /**
     * @param content the comment's text after {@code //}
     * @param line    line of the comment
     * @param column  column of the comment's first {@code /}
     */
    public static Directive parse(String content, int line, int column) {
        return new MpiDirectiveParser(content, line, column).directive();
    }

    private Directive directive() {
        pos = 3;
        skipBlanks();
        int nameAt = pos;
        String word = word();
        if (word.isEmpty()) {
            throw error(nameAt, "missing directive name after '//mpi' (expected " + NAMES + ")");
        }
        List<Clause> clauses = new ArrayList<>();
        String argument = null;
        int argColumn = col(nameAt);
        DirectiveKind kind;
        switch (word) {
            case "for" -> kind = DirectiveKind.MPI_FOR;
            case "parallel" -> {
                skipBlanks();
                int at = pos;
                if (!word().equals("for")) {
                    throw error(at, "expected 'for' after '//mpi parallel' (a combined ranks x threads loop)");
                }
                kind = DirectiveKind.MPI_PARALLEL_FOR;
            }
            case "barrier" -> kind = DirectiveKind.MPI_BARRIER;
            case "master" -> kind = DirectiveKind.MPI_MASTER;
            case "on" -> {
                kind = DirectiveKind.MPI_ON;
                skipBlanks();
                if (at() != '(') {
                    throw error(pos, "missing '(' after 'on' (expected on(rank))");
                }
                int open = pos;
                String inside = parens("on");
                if (inside.isBlank()) {
                    throw error(open + 1, "missing rank expression in 'on()'");
                }
                argument = inside.strip();
                argColumn = col(open + 1 + leading(inside));
            }
            default -> {
                kind = TRANSFERS.get(word);
                if (kind == null) {
                    throw error(nameAt, "unknown //mpi directive '" + word + "' (expected " + NAMES + ")");
                }
                skipBlanks();
                if (at() != '(') {
                    throw error(pos, "missing '(' after '" + word + "' (expected " + usage(kind) + ")");
                }
                int open = pos;
                String inside = parens(word);
                clauses.add(transfer(kind, word, inside, open + 1, col(nameAt)));
            }
        }
        clauses.addAll(clauses(kind));
        return new Directive(kind, argument, List.of(), clauses, line, column, argColumn);
    }

    private static String usage(DirectiveKind kind) {
        return switch (kind) {
            case MPI_BCAST -> "bcast(x, y, a[from:to])";
            case MPI_REDUCE -> "reduce(op : x, a)";
            case MPI_ALLREDUCE -> "allreduce(op : x, a)";
            default -> kind.text().substring(4) + "(source -> target)";
        };
    }

    private Clause transfer(DirectiveKind kind, String word, String inside, int start, int nameColumn) {
        ReductionOp op = null;
        String udr = null;
        int itemsAt = start;
        String items = inside;
        if (kind == DirectiveKind.MPI_REDUCE || kind == DirectiveKind.MPI_ALLREDUCE) {
            int colon = topLevel(inside, ':');
            if (colon < 0) {
                throw error(start, "missing ':' in '" + word + "(" + inside + ")' (expected " + usage(kind) + ")");
            }
            String symbol = inside.substring(0, colon).strip();
            op = ReductionOp.of(symbol);
            if (op == null && IDENTIFIER.matcher(symbol).matches()) {
                udr = symbol;
            } else if (op == null) {
                throw error(start + leading(inside), symbol.isEmpty() ? "missing reduction operator in '" + word
                        + "'" : "unknown reduction operator '" + symbol + "' (expected + * - & | ^ && || min max,"
                        + " or the name of a declared reduction)");
            }
            itemsAt = start + colon + 1;
            items = inside.substring(colon + 1);
        }
        if (kind == DirectiveKind.MPI_BCAST || op != null || udr != null) {
            List<Expr> list = new ArrayList<>();
            for (int[] part : split(items)) {
                list.add(item(items.substring(part[0], part[1]), itemsAt + part[0], word));
            }
            if (list.isEmpty()) {
                throw error(itemsAt, "missing variables in '" + word + "' (expected " + usage(kind) + ")");
            }
            return new Clause.Transfer(word, op, udr, list, null, line, nameColumn);
        }
        int arrow = inside.indexOf("->");
        if (arrow < 0) {
            throw error(start, "missing '->' in '" + word + "(" + inside + ")' (expected " + usage(kind) + ")");
        }
        Expr source = item(inside.substring(0, arrow), start, word);
        Expr target = item(inside.substring(arrow + 2), start + arrow + 2, word);
        return new Clause.Transfer(word, null, null, List.of(source), target, line, nameColumn);
    }

    /** An item: a name or a slice {@code name[from : to]}, with its position. */
    private Expr item(String raw, int start, String clause) {
        String t = raw.strip();
        int at = start + leading(raw);
        if (t.isEmpty()) {
            throw error(at, "missing variable in '" + clause + "'");
        }
        int bracket = t.indexOf('[');
        String name = (bracket < 0 ? t : t.substring(0, bracket)).strip();
        if (!IDENTIFIER.matcher(name).matches()) {
            throw error(at, "'" + name + "' is not a variable name");
        }
        if (bracket >= 0) {
            if (!t.endsWith("]") || topLevel(t.substring(bracket + 1, t.length() - 1), ':') < 0) {
                throw error(at + bracket, "a slice is written " + name + "[from : to]");
            }
        }
        return new Expr(t, line, col(at));
    }

    private List<Clause> clauses(DirectiveKind kind) {
        List<Clause> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        while (true) {
            skipBlanks();
            if (at() == ',') {
                pos++;
                skipBlanks();
            }
            if (at() == -1) {
                return out;
            }
            int at = pos;
            String name = word();
            if (name.isEmpty()) {
                throw error(at, "unexpected '" + (char) at() + "' in //mpi " + kind.text().substring(4));
            }
            if (!kind.allows(name)) {
                throw error(at, "unknown clause '" + name + "' on //mpi " + kind.text().substring(4)
                        + (kind.allows("schedule") || kind.allows("root") || kind.allows("nowait")
                        ? " (allowed: " + String.join(", ", sortedClauses(kind)) + ")" : " (it takes no clauses)"));
            }
            if (!Set.of("reduction", "gather", "allgather").contains(name) && !seen.add(name)) {
                throw error(at, "clause '" + name + "' given twice");
            }
            out.add(clause(name, at));
        }
    }

    private static List<String> sortedClauses(DirectiveKind kind) {
        List<String> all = new ArrayList<>();
        for (String c : List.of("schedule", "reduction", "gather", "allgather", "root", "elements", "num_threads",
                "nowait")) {
            if (kind.allows(c)) {
                all.add(c);
            }
        }
        return all;
    }

    private Clause clause(String name, int at) {
        int l = line;
        int c = col(at);
        if (name.equals("nowait")) {
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
            case "schedule" -> schedule(inside, start, l, c);
            case "reduction" -> reduction(inside, start, l, c);
            case "gather", "allgather" -> new Clause.VarList(name, vars(inside, start, name), l, c);
            default -> new Clause.Value(name, expr(inside, start, name), l, c);
        };
    }

    private Clause schedule(String inside, int start, int l, int c) {
        int comma = topLevel(inside, ',');
        String kind = (comma < 0 ? inside : inside.substring(0, comma)).strip();
        if (!kind.equals("block") && !kind.equals("cyclic")) {
            throw error(start + leading(inside), kind.isEmpty() ? "missing schedule kind (expected block or cyclic)"
                    : "unknown //mpi schedule '" + kind + "' (expected block or cyclic)");
        }
        Expr chunk = comma < 0 ? null : expr(inside.substring(comma + 1), start + comma + 1, "schedule");
        return new Clause.Schedule(kind, false, chunk, l, c);
    }

    private Clause reduction(String inside, int start, int l, int c) {
        int colon = topLevel(inside, ':');
        if (colon < 0) {
            throw error(start, "missing ':' in 'reduction(" + inside + ")' (expected reduction(op : variables))");
        }
        String symbol = inside.substring(0, colon).strip();
        ReductionOp op = ReductionOp.of(symbol);
        if (op == null && !IDENTIFIER.matcher(symbol).matches()) {
            throw error(start + leading(inside), "unknown reduction operator '" + symbol
                    + "' (expected + * - & | ^ && || min max, or the name of a declared reduction)");
        }
        return new Clause.Reduction(op, op == null ? symbol : null,
                vars(inside.substring(colon + 1), start + colon + 1, "reduction"), l, c, col(start + leading(inside)));
    }

    private List<Var> vars(String s, int start, String clause) {
        List<Var> out = new ArrayList<>();
        for (int[] part : split(s)) {
            String raw = s.substring(part[0], part[1]);
            String name = raw.strip();
            int at = start + part[0] + leading(raw);
            if (!IDENTIFIER.matcher(name).matches()) {
                throw error(at, name.isEmpty() ? "missing variable in '" + clause + "'"
                        : "'" + name + "' is not a variable name");
            }
            out.add(new Var(null, name, line, col(at)));
        }
        if (out.isEmpty()) {
            throw error(start, "missing variables in '" + clause + "'");
        }
        return out;
    }

    /** The ranges of the comma-separated parts of {@code s} at bracket depth 0 (empty parts dropped). */
    private static List<int[]> split(String s) {
        List<int[]> parts = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i <= s.length(); i++) {
            char ch = i < s.length() ? s.charAt(i) : ',';
            if (ch == '(' || ch == '[' || ch == '{') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}') {
                depth--;
            } else if (ch == ',' && depth == 0) {
                if (!s.substring(from, i).isBlank()) {
                    parts.add(new int[] {from, i});
                }
                from = i + 1;
            }
        }
        return parts;
    }

    private String word() {
        int start = pos;
        while (pos < text.length() && (Character.isJavaIdentifierPart(text.charAt(pos)))) {
            pos++;
        }
        return text.substring(start, pos);
    }
}
