package org.jomp.translator.annotation;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import org.jomp.translator.TranslationException;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.Directive;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns an annotation into the directive it stands for: each member becomes the clause of the same name in the
 * comment grammar ({@code reduction = "+:sum"} is {@code reduction(+:sum)}, {@code schedule = Schedule.DYNAMIC,
 * chunk = "4"} is {@code schedule(dynamic, 4)}), and the whole is parsed and checked by the directive parser.
 */
final class AnnotationDirectives {

    /** Members whose strings are the arguments of one clause each. */
    private static final Map<String, String> LIST_CLAUSES = Map.of("reduction", "reduction", "privateVars", "private",
            "firstPrivate", "firstprivate", "lastPrivate", "lastprivate", "shared", "shared", "gather", "gather",
            "allgather", "allgather");
    private static final Map<String, String> VALUE_CLAUSES = Map.of("numThreads", "num_threads", "condition", "if",
            "root", "root");
    private static final Map<String, String> FLAG_CLAUSES = Map.of("ordered", "ordered", "nowait", "nowait",
            "defaultNone", "default(none)");
    private static final Set<String> SCHEDULES = Set.of("STATIC", "DYNAMIC", "MONOTONIC_DYNAMIC", "GUIDED", "AUTO",
            "RUNTIME");
    private static final Set<String> DISTRIBUTIONS = Set.of("BLOCK", "CYCLIC");

    private AnnotationDirectives() {
    }

    /** The directive of a loop or method annotation. */
    static Directive directive(AnnotationKind kind, AnnotationExpr a) {
        Position origin = begin(a);
        DirectiveText text = new DirectiveText(origin, kind.mpi()).add(" " + word(kind), origin);
        clauses(kind, members(kind, a), text);
        return text.parse();
    }

    /**
     * The directive of a collective annotation on the variables {@code names} of one declaration (at
     * {@code namesAt}): {@code bcast(a, b)}, {@code reduce(op : a)}, {@code scatter(from -> a)}, and its clauses.
     */
    static DirectiveText collective(AnnotationKind kind, AnnotationExpr a, List<String> names, List<Position> namesAt) {
        Position origin = begin(a);
        DirectiveText text = new DirectiveText(origin, true).add(" " + word(kind) + "(", origin);
        List<MemberValuePair> members = members(kind, a);
        Expression op = value(members, "value");
        Expression from = value(members, "from");
        if (op != null) {
            Literal s = Literal.of(op, "value");
            text.addLiteral(s.content, s.first, s.exact).add(" : ", begin(op));
        }
        if (from != null) {
            if (names.size() > 1) {
                throw at(a, "@" + kind.simpleName() + " receives into one variable; declare '" + names.get(1)
                        + "' apart");
            }
            Literal s = Literal.of(from, "from");
            text.addLiteral(s.content, s.first, s.exact).add(" -> ", begin(from));
        }
        for (int i = 0; i < names.size(); i++) {
            text.add(i == 0 ? "" : ", ", namesAt.get(i)).add(names.get(i), namesAt.get(i));
        }
        text.add(")", origin);
        List<MemberValuePair> rest = members.stream()
                .filter(m -> !m.getNameAsString().equals("value") && !m.getNameAsString().equals("from")).toList();
        clauses(kind, rest, text);
        text.parse();
        return text;
    }

    /** The directive's name after omp or mpi: {@code parallel for}, {@code for}, {@code bcast}. */
    private static String word(AnnotationKind kind) {
        String t = kind.directive().text();
        return kind.mpi() ? t.substring("mpi ".length()) : t;
    }

    private static Expression value(List<MemberValuePair> members, String name) {
        return members.stream().filter(m -> m.getNameAsString().equals(name)).map(MemberValuePair::getValue)
                .findFirst().orElse(null);
    }

    /** Appends the clause of each member. */
    private static void clauses(AnnotationKind kind, List<MemberValuePair> members, DirectiveText text) {
        Expression schedule = null;
        Expression chunk = null;
        for (MemberValuePair m : members) {
            String name = m.getNameAsString();
            Expression v = m.getValue();
            if (name.equals("schedule")) {
                schedule = v;
            } else if (name.equals("chunk")) {
                chunk = v;
            } else if (LIST_CLAUSES.containsKey(name)) {
                for (Expression element : elements(v)) {
                    Literal s = Literal.of(element, name);
                    text.add(" " + LIST_CLAUSES.get(name) + "(", begin(element)).addLiteral(s.content, s.first, s.exact)
                            .add(")", begin(element));
                }
            } else if (VALUE_CLAUSES.containsKey(name)) {
                Literal s = Literal.of(v, name);
                if (!s.content.isBlank()) {
                    text.add(" " + VALUE_CLAUSES.get(name) + "(", begin(v)).addLiteral(s.content, s.first, s.exact)
                            .add(")", begin(v));
                }
            } else if (FLAG_CLAUSES.containsKey(name)) {
                if (flag(v, name)) {
                    text.add(" " + FLAG_CLAUSES.get(name), begin(v));
                }
            } else if (name.equals("collapse")) {
                if (!(v instanceof IntegerLiteralExpr n)) {
                    throw at(v, "'collapse' must be an integer literal");
                }
                text.add(" collapse(" + n.getValue() + ")", begin(v));
            } else if (name.equals("value") && (kind == AnnotationKind.CRITICAL || kind == AnnotationKind.ON_RANK)) {
                Literal s = Literal.of(v, name);
                if (!s.content.isEmpty() || kind == AnnotationKind.ON_RANK) {
                    text.add("(", begin(v)).addLiteral(s.content, s.first, s.exact).add(")", begin(v));
                }
            }
        }
        if (schedule != null || chunk != null) {
            Set<String> kinds = kind.mpi() ? DISTRIBUTIONS : SCHEDULES;
            String kindName = schedule == null ? (kind.mpi() ? "block" : "static") : scheduleKind(schedule, kinds);
            Position where = begin(schedule != null ? schedule : chunk);
            text.add(" schedule(" + kindName, where);
            if (chunk != null) {
                Literal s = Literal.of(chunk, "chunk");
                if (!s.content.isEmpty()) {
                    text.add(", ", begin(chunk)).addLiteral(s.content, s.first, s.exact);
                }
            }
            text.add(")", where);
        }
    }

    /**
     * The clause a local-variable annotation gives its variable {@code name} (declared at {@code nameAt}), parsed in
     * a directive that accepts it.
     */
    static Clause clause(AnnotationKind kind, AnnotationExpr a, String name, Position nameAt) {
        members(kind, a);
        Position origin = begin(a);
        DirectiveText text = new DirectiveText(origin, false).add(" parallel for " + kind.clause() + "(", origin);
        if (kind == AnnotationKind.REDUCTION) {
            Expression op = a instanceof SingleMemberAnnotationExpr s ? s.getMemberValue()
                    : ((NormalAnnotationExpr) a).getPairs().get(0).getValue();
            Literal s = Literal.of(op, "value");
            text.addLiteral(s.content, s.first, s.exact).add(":", begin(op));
        }
        text.add(name, nameAt).add(")", origin);
        return text.parse().clauses().get(0);
    }

    /** The members as written; a single value is {@code value}. Checks each name and the required ones. */
    private static List<MemberValuePair> members(AnnotationKind kind, AnnotationExpr a) {
        List<MemberValuePair> out = new ArrayList<>();
        if (a instanceof SingleMemberAnnotationExpr s) {
            out.add(new MemberValuePair("value", s.getMemberValue()));
            if (!kind.hasMember("value")) {
                throw at(s.getMemberValue(), "@" + kind.simpleName() + " has no member 'value'");
            }
            return out;
        }
        if (a instanceof NormalAnnotationExpr n) {
            for (MemberValuePair m : n.getPairs()) {
                if (!kind.hasMember(m.getNameAsString())) {
                    throw at(m, "@" + kind.simpleName() + " has no member '" + m.getNameAsString() + "'");
                }
                out.add(new MemberValuePair(m.getNameAsString(), m.getValue()));
            }
        }
        for (String required : List.of("value", "from")) {
            if (kind.hasMember(required) && kind != AnnotationKind.CRITICAL
                    && out.stream().noneMatch(m -> m.getNameAsString().equals(required))) {
                throw at(a, "@" + kind.simpleName() + " needs its '" + required + "' member");
            }
        }
        return out;
    }

    private static List<Expression> elements(Expression v) {
        return v instanceof ArrayInitializerExpr array ? array.getValues() : List.of(v);
    }

    private static boolean flag(Expression v, String member) {
        if (!(v instanceof BooleanLiteralExpr b)) {
            throw at(v, "'" + member + "' must be true or false");
        }
        return b.getValue();
    }

    private static String scheduleKind(Expression v, Set<String> kinds) {
        String constant = v instanceof FieldAccessExpr f ? f.getNameAsString()
                : v instanceof NameExpr n ? n.getNameAsString() : "";
        if (!kinds.contains(constant)) {
            throw at(v, kinds == SCHEDULES
                    ? "'schedule' must be a constant of org.jomp.annotations.Schedule, e.g. Schedule.DYNAMIC"
                    : "'schedule' must be a constant of org.jomp.annotations.Distribution, e.g. Distribution.CYCLIC");
        }
        return constant.equals("MONOTONIC_DYNAMIC") ? "monotonic: dynamic" : constant.toLowerCase(Locale.ROOT);
    }

    static Position begin(Node n) {
        return n.getBegin().orElseThrow();
    }

    static TranslationException at(Node n, String message) {
        Position p = begin(n);
        return new TranslationException(p.line, p.column, message);
    }

    /** A string member's text and where its first character stands; exact when each character maps one to one. */
    private record Literal(String content, Position first, boolean exact) {

        static Literal of(Expression v, String member) {
            if (v instanceof StringLiteralExpr s) {
                String text = s.asString();
                return new Literal(text, begin(s).right(1), text.equals(s.getValue()));
            }
            if (v instanceof TextBlockLiteralExpr t) {
                return new Literal(t.asString().strip(), begin(t), false);
            }
            throw at(v, "'" + member + "' must be a string literal (JOMP reads the source, not constants)");
        }
    }
}
