package org.jomp.translator.rewrite.mpi;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithImplements;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import org.jomp.translator.analysis.JavaTypes;
import org.jomp.translator.TranslationException;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.Expr;
import org.jomp.translator.directive.ReductionOp;
import org.jomp.translator.rewrite.Binding;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the {@code //mpi} rewriters share: the communicator, names and types of the variables a directive names as
 * seen where it stands, root expressions, and where the generated call goes. Inside an {@code //omp parallel}
 * region a collective is made by thread 0 of each rank's team, between two team barriers (the second one left out
 * with {@code nowait}), as Parallel Java's hybrid Floyd broadcasts row k in a single construct: the barrier before
 * lets every thread finish writing what is sent, the one after lets every thread see what was received. Outside
 * any region the directive may still run in a team, in a method called from one (orphaned, as OpenMP binds an
 * orphaned construct to the innermost enclosing team): the same happens when {@code Omp.inWholeTeam()} at run
 * time, and the locals the directive assigns reach the other threads as with {@code copyprivate}.
 */
class MpiSite {

    static final String COMM = "org.jomp.msg.Comm";
    static final String OP = "org.jomp.msg.Op";
    private static final Set<String> KNOWN_SERIALIZABLE = Set.of("String", "Integer", "Long", "Short", "Byte",
            "Character", "Float", "Double", "Boolean", "BigInteger", "BigDecimal", "List", "ArrayList", "LinkedList",
            "Map", "HashMap", "TreeMap", "LinkedHashMap", "Set", "HashSet", "TreeSet", "LinkedHashSet", "BitSet",
            "StringBuilder", "Collection", "Number", "Serializable");
    private static final Set<String> NOT_SERIALIZABLE = Set.of("Object", "Thread", "Scanner", "InputStream",
            "OutputStream", "Reader", "Writer", "Socket", "ServerSocket", "Runnable", "Iterator");

    /** The functions of //mpi expressions: text for the name, text before the closing parenthesis, usage. */
    private static final Map<String, String[]> BUILTINS = Map.of(
            "mpi_owner", new String[] {"org.jomp.msg.BlockPartition.owner", ", " + COMM + ".world().size()",
                    "mpi_owner(iteration, iterations)"},
            "mpi_start", new String[] {"(int) org.jomp.msg.BlockPartition.start", ", " + COMM + ".world().rank(), "
                    + COMM + ".world().size()", "mpi_start(iterations)"},
            "mpi_end", new String[] {"(int) org.jomp.msg.BlockPartition.end", ", " + COMM + ".world().rank(), "
                    + COMM + ".world().size()", "mpi_end(iterations)"});

    final Construct c;
    final RewriteContext ctx;
    private Map<String, LocalVar> locals;
    /** The locals the generated code assigns, which an orphaned directive copies to every thread of the team. */
    private final List<Item> assigned = new ArrayList<>();

    MpiSite(Construct c, RewriteContext ctx) {
        this.c = c;
        this.ctx = ctx;
    }

    /** The directive as written, for messages: {@code 'mpi bcast'}. */
    String what() {
        return "'" + c.kind().text() + "'";
    }

    /** A fresh local name. */
    String fresh(String base) {
        return ctx.fresh(base);
    }

    // ---- variables ----

    /** The locals visible at the directive: those around its block and those its block declares before it. */
    Map<String, LocalVar> locals() {
        if (locals != null) {
            return locals;
        }
        if (c.statement() != null) {
            locals = Scopes.visibleLocals(c.statement());
            return locals;
        }
        Map<String, LocalVar> inner = new LinkedHashMap<>();
        int at = ctx.text().offset(c.line(), c.column());
        List<Statement> before = new ArrayList<>();
        for (Node child : c.placement().container().getChildNodes()) {
            if (child instanceof Statement s && ctx.text().end(s) <= at) {
                before.add(s);
            }
        }
        before.sort(Comparator.comparingInt((Statement s) -> ctx.text().begin(s)).reversed());
        for (Statement s : before) {
            if (s instanceof ExpressionStmt es && es.getExpression() instanceof VariableDeclarationExpr d) {
                for (VariableDeclarator v : d.getVariables()) {
                    inner.putIfAbsent(v.getNameAsString(), new LocalVar(v.getNameAsString(), Scopes.declaredType(v),
                            v, c.placement().container(), v.getInitializer().isPresent()));
                }
            }
        }
        Scopes.visibleLocals(c.placement().container()).forEach(inner::putIfAbsent);
        locals = inner;
        return locals;
    }

    /** The declared type of a variable a clause names, or a positioned error when it is unknown or unseen. */
    String typeOf(String name, int line, int column) {
        LocalVar local = locals().get(name);
        String type = local != null ? ctx.typed(local).type() : Scopes.fieldType(c.anchor(), name).orElse(null);
        if (type == null) {
            Binding b = ctx.outerBinding(name, c);
            type = b == null ? null : b.type();
        }
        if (type == null) {
            throw new TranslationException(line, column, "unknown variable '" + name + "'");
        }
        if (type.equals("var")) {
            throw new TranslationException(line, column, "cannot see the type of '" + name + "' (declared with var),"
                    + " which " + what() + " names: declare it with its type" + ctx.triedTypes(name));
        }
        return type.replaceAll("\\s+", "");
    }

    /** How a variable reads at the directive (a holder cell or copy when a construct around it made one). */
    String ref(String name) {
        return ctx.outer(name, c);
    }

    /**
     * A Java expression from a clause: parsed, its names checked and rendered as seen at the directive. Some names
     * exist in //mpi expressions only, so that a program needs no runtime call to say which rank: {@code mpi_rank}
     * and {@code mpi_size} (of the world), and for the block distribution of {@code n} iterations {@code [0, n)}
     * (that of {@code //mpi for schedule(block)}): {@code mpi_owner(i, n)}, the rank holding iteration {@code i},
     * and {@code mpi_start(n)}, {@code mpi_end(n)}, the bounds of this rank's block.
     */
    String render(Expr e) {
        Expression parsed = ctx.parseExpression(e);
        java.util.TreeMap<Integer, int[]> spans = new java.util.TreeMap<>(Comparator.reverseOrder());
        Map<Integer, String> texts = new java.util.HashMap<>();
        for (com.github.javaparser.ast.expr.MethodCallExpr call
                : parsed.findAll(com.github.javaparser.ast.expr.MethodCallExpr.class)) {
            String[] builtin = BUILTINS.get(call.getNameAsString());
            if (builtin == null || call.getScope().isPresent()) {
                continue;
            }
            int arity = call.getNameAsString().equals("mpi_owner") ? 2 : 1;
            if (call.getArguments().size() != arity) {
                throw new TranslationException(e.line(), e.column() + call.getBegin().orElseThrow().column - 1,
                        call.getNameAsString() + " takes " + arity + " argument" + (arity == 1 ? "" : "s") + ": "
                        + builtin[2]);
            }
            var name = call.getName();
            int from = name.getBegin().orElseThrow().column - 1;
            spans.put(from, new int[] {from, name.getEnd().orElseThrow().column});
            texts.put(from, builtin[0]);
            int close = call.getEnd().orElseThrow().column - 1;
            spans.put(close, new int[] {close, close});
            texts.put(close, builtin[1]);
        }
        for (NameExpr ref : parsed.findAll(NameExpr.class)) {
            String name = ref.getNameAsString();
            int from = ref.getBegin().orElseThrow().column - 1;
            String to;
            if (name.equals("mpi_rank") || name.equals("mpi_size")) {
                to = COMM + ".world()." + name.substring(4) + "()";
            } else if (!Character.isUpperCase(name.charAt(0)) && !locals().containsKey(name)
                    && Scopes.fieldType(c.anchor(), name).isEmpty() && ctx.outerBinding(name, c) == null
                    && !Scopes.mayInheritFields(c.anchor())) {
                throw new TranslationException(e.line(), e.column() + from, "unknown variable '" + name + "'");
            } else {
                to = ref(name);
            }
            spans.put(from, new int[] {from, ref.getEnd().orElseThrow().column});
            texts.put(from, to);
        }
        StringBuilder sb = new StringBuilder(e.text());
        for (Map.Entry<Integer, int[]> span : spans.entrySet()) {
            sb.replace(span.getValue()[0], span.getValue()[1], texts.get(span.getKey()));
        }
        return sb.toString();
    }

    /**
     * An int expression naming a rank (root, on): literals other than integers and variables of other types are
     * positioned errors, as javac would not say which directive they came from.
     */
    String rank(Expr e, String clause) {
        Expression parsed = ctx.parseExpression(e);
        String type = null;
        if (parsed.isLiteralExpr()) {
            type = parsed.isIntegerLiteralExpr() ? "int" : parsed.isLongLiteralExpr() ? "long"
                    : parsed.isBooleanLiteralExpr() ? "boolean" : parsed.isStringLiteralExpr() ? "String"
                    : parsed.isCharLiteralExpr() ? "char" : "double";
        } else if (parsed instanceof NameExpr n && !Character.isUpperCase(n.getNameAsString().charAt(0))
                && !n.getNameAsString().startsWith("mpi_")) {
            type = typeOf(n.getNameAsString(), e.line(), e.column());
        }
        if (type != null && !Set.of("int", "short", "byte", "char", "Integer").contains(type)) {
            throw new TranslationException(e.line(), e.column(), clause + "(" + e.text() + ") is "
                    + JavaTypes.withArticle(type)
                    + ", not an int expression naming a rank");
        }
        return render(e);
    }

    /** The root rank of a rooted collective: its {@code root(e)} clause, else rank 0. */
    String root() {
        return c.directive().value("root").map(v -> "(" + rank(v.expr(), "root") + ")").orElse("0");
    }

    /** An item of a transfer: a variable, or a slice {@code name[from : to]} of an array. */
    Item item(Expr e) {
        String text = e.text();
        String name = org.jomp.translator.directive.Clause.Transfer.variable(e);
        String type = typeOf(name, e.line(), e.column());
        int bracket = text.indexOf('[');
        if (bracket < 0) {
            return new Item(e, name, type, ref(name), null, null);
        }
        if (!type.endsWith("[]")) {
            throw new TranslationException(e.line(), e.column() + bracket, "'" + name + "' is "
                    + JavaTypes.withArticle(type)
                    + ", not an array: it has no slice");
        }
        String inside = text.substring(bracket + 1, text.length() - 1);
        int colon = inside.indexOf(':');
        int base = e.column() + bracket + 1;
        String from = render(new Expr(inside.substring(0, colon).strip(), e.line(), base + lead(inside)));
        String after = inside.substring(colon + 1);
        String to = render(new Expr(after.strip(), e.line(), base + colon + 1 + lead(after)));
        return new Item(e, name, type, ref(name), from, to);
    }

    private static int lead(String s) {
        return s.length() - s.stripLeading().length();
    }

    // ---- types ----

    static boolean primitive(String type) {
        return JavaTypes.isPrimitive(type);
    }

    /** {@code double[]}, {@code int[]}...: a slice the communicator moves without serialisation. */
    static boolean primitiveArray(String type) {
        return type.endsWith("[]") && primitive(type.substring(0, type.length() - 2));
    }

    static String element(String arrayType) {
        return arrayType.substring(0, arrayType.length() - 2);
    }

    /** The communicator operation of a reduction operator ({@code -} sums, as in OpenMP). */
    static String opConstant(ReductionOp op) {
        return OP + "." + switch (op) {
            case PLUS, MINUS -> "SUM";
            case TIMES -> "PROD";
            case AND -> "BAND";
            case OR -> "BOR";
            case XOR -> "BXOR";
            case LAND -> "LAND";
            case LOR -> "LOR";
            case MIN -> "MIN";
            case MAX -> "MAX";
        };
    }

    /**
     * Whether the value of {@code variable}, declared of type {@code type}, can be sent as an object. With a type
     * context (a class path or source path, as the Maven plugin gives) the declared type is resolved wherever it is
     * declared, in this file, another source file or a jar: a class that does not inherit Serializable is not.
     * Without one, or when it does not resolve, only the source is read: false for a class declared in this file
     * that neither implements Serializable nor extends a class that may, and for JDK types known not to be; true
     * otherwise (the runtime then names a class that fails, when it is sent).
     */
    boolean serializable(String variable, String type) {
        String generic = type.contains("<") ? type.substring(0, type.indexOf('<')) : type;
        String t = generic.replace("[]", "");
        if (primitive(t) || KNOWN_SERIALIZABLE.contains(t) || NOT_SERIALIZABLE.contains(t)) {
            return serializableInFile(t);
        }
        LocalVar local = locals().get(variable);
        Optional<com.github.javaparser.ast.type.Type> declared = local != null
                ? Optional.ofNullable(local.declaration() instanceof VariableDeclarator v ? v.getType()
                : local.declaration() instanceof Parameter p ? p.getType() : null)
                : Scopes.field(c.anchor(), variable).map(VariableDeclarator::getType);
        Optional<Boolean> resolved = declared.flatMap(ctx::serializable);
        return resolved.orElseGet(() -> serializableInFile(t));
    }

    /** The source-only part of {@link #serializable}, for a type without generics or brackets. */
    private boolean serializableInFile(String t) {
        if (primitive(t) || KNOWN_SERIALIZABLE.contains(t)) {
            return true;
        }
        if (NOT_SERIALIZABLE.contains(t)) {
            return false;
        }
        Optional<TypeDeclaration<?>> declared = declaredInFile(t);
        if (declared.isEmpty()) {
            return true;
        }
        TypeDeclaration<?> d = declared.get();
        if (d instanceof EnumDeclaration) {
            return true;
        }
        if (d instanceof NodeWithImplements<?> impl && impl.getImplementedTypes().stream()
                .anyMatch(i -> i.getNameAsString().equals("Serializable") || i.getNameAsString().equals(
                        "Externalizable"))) {
            return true;
        }
        if (d instanceof ClassOrInterfaceDeclaration k) {
            if (k.isInterface()) {
                return true;
            }
            for (ClassOrInterfaceType sup : k.getExtendedTypes()) {
                return serializableInFile(sup.getNameAsString());
            }
            return false;
        }
        return !(d instanceof RecordDeclaration);
    }

    /** Whether {@code type} is declared in this file and cannot be a Divisible. */
    boolean knownNotDivisible(String type) {
        String t = type.contains("<") ? type.substring(0, type.indexOf('<')) : type;
        if (primitive(t) || KNOWN_SERIALIZABLE.contains(t) || NOT_SERIALIZABLE.contains(t)) {
            return true;
        }
        Optional<TypeDeclaration<?>> declared = declaredInFile(t);
        if (declared.isEmpty()) {
            return false;
        }
        if (declared.get() instanceof EnumDeclaration) {
            return true;
        }
        if (declared.get() instanceof NodeWithImplements<?> impl && impl.getImplementedTypes().stream()
                .anyMatch(i -> i.getNameAsString().equals("Divisible"))) {
            return false;
        }
        if (declared.get() instanceof ClassOrInterfaceDeclaration k) {
            for (ClassOrInterfaceType sup : k.getExtendedTypes()) {
                return knownNotDivisible(sup.getNameAsString());
            }
            return !k.isInterface();
        }
        return true;
    }

    private Optional<TypeDeclaration<?>> declaredInFile(String simpleName) {
        Node root = c.anchor();
        while (root.getParentNode().isPresent()) {
            root = root.getParentNode().get();
        }
        for (TypeDeclaration<?> t : root.findAll(TypeDeclaration.class)) {
            if (t.getNameAsString().equals(simpleName)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    // ---- emitting ----

    /** Where the directive runs, as far as the source shows. */
    enum Threads {
        /** lexically inside a parallel region: every thread of the team meets it */
        TEAM,
        /** inside //omp single, master or masked: one thread */
        ONE,
        /** outside every thread construct: in a team only if its method is called from a region (orphaned) */
        CALLER
    }

    Threads threads() {
        Construct t = threadConstruct();
        return t == null ? Threads.CALLER : t.kind() == DirectiveKind.PARALLEL ? Threads.TEAM : Threads.ONE;
    }

    /** The innermost parallel, single, master or masked construct around the directive; null if none. */
    private Construct threadConstruct() {
        for (Construct p = c.parent(); p != null; p = p.parent()) {
            switch (p.kind()) {
                case SINGLE, MASTER, MASKED, PARALLEL -> {
                    return p;
                }
                default -> {
                }
            }
        }
        return null;
    }

    /** Records that the generated code assigns the whole variable of {@code item}; see {@link #emit}. */
    void assigns(Item item) {
        if (!item.slice() && locals().containsKey(item.variable())
                && assigned.stream().noneMatch(a -> a.variable().equals(item.variable()))) {
            assigned.add(item);
        }
    }

    /**
     * Puts the code of a collective in front of its comment: alone in one thread; in a region, run by thread 0
     * between team barriers; outside every region, guarded at run time as {@link #orphaned} says.
     */
    void emit(String code) {
        String body = "{ " + code + "} ";
        boolean nowait = c.directive().has("nowait");
        switch (threads()) {
            case TEAM -> {
                String omp = ctx.rt("Omp");
                body = omp + ".barrier(); if (" + omp + ".threadNum() == 0) " + body
                        + (nowait ? "" : omp + ".barrier(); ");
            }
            case CALLER -> body = orphaned(body, nowait ? List.of() : assigned.stream().map(Item::variable).toList(),
                    assigned.stream().map(Item::type).toList(), nowait);
            case ONE -> {
                if (nowait) {
                    Construct one = threadConstruct();
                    ctx.warn(c.line(), c.column(), "nowait has no effect on " + what() + " inside '"
                            + one.kind().text() + "' (line " + one.line() + "): one thread runs it");
                }
            }
        }
        ctx.onDirectiveLine(c, body);
    }

    /**
     * An orphaned directive's code, {@code body} (one statement), bound at run time to the calling thread's team:
     * where one thread runs it (no region, an inactive one, or a single, master, section, loop iteration or task
     * of a larger team: {@code Omp.inWholeTeam()} is false) it simply runs; where a whole team does, thread 0 runs it
     * after a team barrier, and the others wait at a second barrier, which also hands them thread 0's values of the
     * locals {@code copied} (of types {@code types}) through {@code Omp.copyPrivate}, as OpenMP's copyprivate does
     * after a single. Both branches assign every copied local, so a local that was not definitely assigned before
     * (a scatter target, a loop index) is after. {@code nowait} leaves out the second barrier and the copies.
     */
    String orphaned(String body, List<String> copied, List<String> types, boolean nowait) {
        String omp = ctx.rt("Omp");
        String team = fresh("mpi$team");
        String values = fresh("mpi$copied");
        StringBuilder others = new StringBuilder();
        StringBuilder publish = new StringBuilder();
        if (!nowait && copied.isEmpty()) {
            others.append(omp).append(".barrier(); ");
            publish.append("if (").append(team).append(") { ").append(omp).append(".barrier(); } ");
        } else if (!nowait) {
            others.append("Object[] ").append(values).append(" = ").append(omp).append(".copyPrivate(null); ");
            publish.append("if (").append(team).append(") { ").append(omp).append(".copyPrivate(new Object[] {")
                    .append(String.join(", ", copied)).append("}); } ");
            for (int i = 0; i < copied.size(); i++) {
                others.append(copied.get(i)).append(" = (").append(types.get(i)).append(") ").append(values)
                        .append('[').append(i).append("]; ");
            }
        }
        return "{ boolean " + team + " = " + omp + ".inWholeTeam(); if (" + team + ") { " + omp + ".barrier(); }"
                + " if (" + team + " && " + omp + ".threadNum() != 0) { " + others + "} else { "
                + body.stripTrailing() + " " + publish + "} } ";
    }

    boolean is(DirectiveKind kind) {
        return c.kind() == kind;
    }
}
