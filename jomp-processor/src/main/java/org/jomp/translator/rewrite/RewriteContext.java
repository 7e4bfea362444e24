package org.jomp.translator.rewrite;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.TranslationException;
import org.jomp.translator.analysis.JavaTypes;
import org.jomp.translator.analysis.LocalVar;
import org.jomp.translator.analysis.Scopes;
import org.jomp.translator.directive.Clause;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.Expr;
import org.jomp.translator.directive.Var;
import org.jomp.translator.source.JavaSource;
import org.jomp.translator.source.SourceText;
import org.jomp.translator.source.TextEdits;
import org.jomp.translator.types.Resolution;
import org.jomp.translator.types.TypeResolver;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What every rewriter shares: the original text and its edits, fresh names, imports, and name resolution through
 * the bindings of the constructs around a node.
 */
public final class RewriteContext {

    /** Orders insertions at one offset: openings outer first, closings inner first. */
    private static final int CLOSE = 100_000;

    private final JavaSource source;
    private final TextEdits edits;
    private final Names names;
    private final Imports imports;
    private final int languageLevel;
    private final Map<Node, List<Construct>> scopes = new IdentityHashMap<>();
    private final Map<Node, List<Construct>> onStatement;
    private final List<Diagnostic> warnings = new ArrayList<>();
    private final Map<Node, Set<String>> classNames = new IdentityHashMap<>();
    /** Locals the translation assigns where the source does not: they are not effectively final in it. */
    private final Set<String> assignedByTranslation = new java.util.HashSet<>();
    private final Map<Node, Map<String, Binding>> promotions = new IdentityHashMap<>();
    private final ThreadPrivateNames threadPrivate;
    private final List<Runnable> afterRewriting = new ArrayList<>();
    private final Map<String, org.jomp.translator.directive.Clause.DeclaredReduction> userReductions =
            new java.util.HashMap<>();
    private final String path;
    private final TypeResolver types;
    private final Map<Node, Resolution> resolved = new IdentityHashMap<>();
    private final Map<String, String> unresolved = new java.util.HashMap<>();

    /**
     * types: resolves what the source does not show, asked only for locals whose type is not written;
     * threadPrivate: the thread-private fields of the other files of the tree.
     */
    public RewriteContext(String path, JavaSource source, int languageLevel, Map<Node, List<Construct>> onStatement,
                          TypeResolver types, ThreadPrivateFields threadPrivate) {
        this.path = path;
        this.types = types;
        this.source = source;
        this.edits = new TextEdits(source.text());
        this.names = new Names(source.unit());
        this.imports = new Imports(source.unit());
        this.languageLevel = languageLevel;
        this.onStatement = onStatement;
        this.threadPrivate = new ThreadPrivateNames(source.unit(), threadPrivate);
    }

    public SourceText text() {
        return source.text();
    }

    public CompilationUnit unit() {
        return source.unit();
    }

    public TextEdits edits() {
        return edits;
    }

    public Imports imports() {
        return imports;
    }

    /** A fresh name for a generated local. */
    public String fresh(String base) {
        return names.fresh(base);
    }

    /** The name to write for a runtime type (imported on the package line). */
    public String rt(String simpleName) {
        return imports.use(simpleName);
    }

    public List<Diagnostic> warnings() {
        return warnings;
    }

    public void warn(int line, int column, String message) {
        warnings.add(new Diagnostic(Diagnostic.Severity.WARNING, path, line, column, message,
                source.text().line(line)));
    }

    public static TranslationException error(Node n, String message) {
        var begin = SourceText.range(n).begin;
        return new TranslationException(begin.line, begin.column, message);
    }

    public static TranslationException error(Construct c, String message) {
        return new TranslationException(c.line(), c.column(), message);
    }

    // ---- edits ----

    /** Inserts opening text at {@code offset}; constructs further out come first. */
    public void open(int offset, String code, Construct c) {
        edits.insert(offset, code, c.depth());
    }

    /** Inserts closing text at {@code offset}; constructs further in come first. */
    public void close(int offset, String code, Construct c) {
        edits.insert(offset, code.stripTrailing(), CLOSE - c.depth());
    }

    /**
     * Code before the directive comment, on its line. A construct stacked under another on the same statement puts
     * it at the statement instead, after the opening code of the construct around it; so does an annotation,
     * which has no comment line.
     */
    public void onDirectiveLine(Construct c, String code) {
        boolean stacked = c.parent() != null && c.statement() != null && c.parent().statement() == c.statement();
        boolean annotation = c.placement().comment() == null;
        int at = stacked || annotation ? text().begin(c.statement()) : text().offset(c.line(), c.column());
        edits.insert(at, code, c.depth());
    }

    /**
     * Fails when a clause expression names something that is neither a visible local nor a field the class has or
     * could inherit (names starting with a capital are taken for types, as in {@code Math.max(a, b)}).
     */
    public void checkNames(Expr e, Construct c) {
        Expression parsed = parseExpression(e);
        if (parsed.isLiteralExpr() && !(parsed.isIntegerLiteralExpr() || parsed.isLongLiteralExpr()
                || parsed.isBooleanLiteralExpr())) {
            throw new TranslationException(e.line(), e.column(), "'" + e.text() + "' is not an integer or boolean"
                    + " expression");
        }
        for (NameExpr ref : parsed.findAll(NameExpr.class)) {
            String name = ref.getNameAsString();
            if (Character.isUpperCase(name.charAt(0)) || local(name, c).isPresent() || outerBinding(name, c) != null
                    || Scopes.fieldType(c.anchor(), name).isPresent() || Scopes.mayInheritFields(c.anchor())) {
                continue;
            }
            throw new TranslationException(e.line(), e.column() + ref.getBegin().orElseThrow().column - 1,
                    "unknown variable '" + name + "'");
        }
    }

    // ---- scopes and names ----

    /** From now on the bindings of {@code c} apply to names inside {@code scope}. */
    public void scope(Construct c, Node scope) {
        List<Construct> list = scopes.computeIfAbsent(scope, k -> new ArrayList<>());
        list.add(c);
        list.sort(Comparator.comparingInt(Construct::depth).reversed());
    }

    /**
     * The binding of {@code name} seen from {@code from}, considering only constructs shallower than
     * {@code depthLimit}; null when the name stays as it is.
     */
    public Binding lookup(String name, Node from, int depthLimit) {
        for (Node n = from; n != null; n = n.getParentNode().orElse(null)) {
            List<Construct> list = scopes.get(n);
            if (list != null) {
                for (Construct c : list) {
                    if (c.depth() < depthLimit) {
                        Binding b = c.bindings().get(name);
                        if (b != null) {
                            return b;
                        }
                    }
                }
            }
            Map<String, Binding> cells = promotions.get(n);
            if (cells != null && cells.containsKey(name)) {
                return cells.get(name);
            }
            String perThread = threadPrivate.declaredType(n, name);
            if (perThread != null && !Scopes.visibleLocals(from).containsKey(name)) {
                return new Binding(name + ".get()", perThread, false, true);
            }
            if (n != from && declaresInClassBody(n, name)) {
                break;
            }
        }
        ThreadPrivateNames.Field imported = threadPrivate.imported(name, from);
        return imported == null ? null : new Binding(imported.written() + ".get()", imported.type(), false, true);
    }

    /** Whether {@code n} is an anonymous or local class body declaring {@code name} (memoised). */
    public boolean declaresInClassBody(Node n, String name) {
        return classNames.computeIfAbsent(n, Scopes::declaredInClassBody).contains(name);
    }

    /** How {@code name} reads just outside construct {@code c}. */
    public String outer(String name, Construct c) {
        Binding b = lookup(name, c.anchor(), c.depth());
        return b == null ? name : b.text();
    }

    public Binding outerBinding(String name, Construct c) {
        return lookup(name, c.anchor(), c.depth());
    }

    /**
     * The text of a node with its names rendered as seen from constructs shallower than {@code depthLimit};
     * {@code extra} renames first. Line breaks become spaces (the text moves onto one line).
     */
    public String render(Node node, int depthLimit, Map<String, String> extra) {
        SourceText t = text();
        int base = t.begin(node);
        StringBuilder sb = new StringBuilder(t.text(node));
        Map<Node, String> reads = threadPrivateReads(node, null);
        List<Node> refs = names(node, reads);
        refs.sort(Comparator.comparingInt(t::begin).reversed());
        for (Node ref : refs) {
            String to = reads.get(ref);
            if (to == null) {
                String name = ((NameExpr) ref).getNameAsString();
                to = extra.get(name);
                if (to == null) {
                    Binding b = lookup(name, ref, depthLimit);
                    to = b == null ? null : b.text();
                }
            }
            if (to != null) {
                sb.replace(t.begin(ref) - base, t.end(ref) - base, to);
            }
        }
        return oneLine(sb.toString());
    }

    /**
     * The reads of thread-private fields in {@code root} written qualified ({@code Type.x}), with their translation;
     * seen from {@code at}, or from where they stand when {@code at} is null.
     */
    private Map<Node, String> threadPrivateReads(Node root, Node at) {
        Map<Node, String> reads = new IdentityHashMap<>();
        for (FieldAccessExpr fa : root.findAll(FieldAccessExpr.class)) {
            ThreadPrivateNames.Field f = threadPrivate.qualified(fa, at == null ? fa : at);
            if (f != null) {
                reads.put(fa, f.written() + ".get()");
            }
        }
        return reads;
    }

    /** The qualified reads, and the plain names outside them. */
    private static List<Node> names(Node root, Map<Node, String> reads) {
        List<Node> refs = new ArrayList<>(reads.keySet());
        for (NameExpr ref : root.findAll(NameExpr.class)) {
            if (reads.keySet().stream().noneMatch(fa -> fa.isAncestorOf(ref))) {
                refs.add(ref);
            }
        }
        return refs;
    }

    public String render(Node node, Construct c) {
        return render(node, c.depth(), Map.of());
    }

    /**
     * A count (num_threads, chunk, grainsize, ...): as {@link #render(Expr, Construct)}, a plain name must be
     * integral.
     */
    public String renderCount(Expr e, Construct c) {
        Expression parsed = parseExpression(e);
        if (parsed instanceof NameExpr n) {
            String type = local(n.getNameAsString(), c).map(LocalVar::type)
                    .or(() -> Scopes.fieldType(c.anchor(), n.getNameAsString())).orElse("int");
            if (!Set.of("int", "long", "short", "byte", "char", "Integer", "Long", "Short", "Byte", "Character", "var")
                    .contains(type)) {
                throw new TranslationException(e.line(), e.column(), "'" + e.text() + "' is a " + type
                        + ", not an integer");
            }
        }
        return render(e, c);
    }

    /** A condition (if, final): as {@link #render(Expr, Construct)}, and a plain name must be a boolean. */
    public String renderCondition(Expr e, Construct c) {
        Expression parsed = parseExpression(e);
        if (parsed.isLiteralExpr() && !parsed.isBooleanLiteralExpr()) {
            throw new TranslationException(e.line(), e.column(), "'" + e.text() + "' is not a boolean expression");
        }
        if (parsed instanceof NameExpr n) {
            String type = local(n.getNameAsString(), c).map(LocalVar::type)
                    .or(() -> Scopes.fieldType(c.anchor(), n.getNameAsString())).orElse("boolean");
            if (!type.equals("boolean") && !type.equals("Boolean") && !type.equals("var")) {
                throw new TranslationException(e.line(), e.column(), "'" + e.text() + "' is a " + type
                        + ", not a boolean");
            }
        }
        return render(e, c);
    }

    /** A clause expression, parsed as Java, checked for unknown names and rendered as seen just outside {@code c}. */
    public String render(Expr e, Construct c) {
        checkNames(e, c);
        Expression parsed = parseExpression(e);
        StringBuilder sb = new StringBuilder(e.text());
        Map<Node, String> reads = threadPrivateReads(parsed, c.anchor());
        List<Node> refs = names(parsed, reads);
        refs.sort(Comparator.comparing((Node r) -> r.getBegin().orElseThrow()).reversed());
        for (Node ref : refs) {
            String to = reads.containsKey(ref) ? reads.get(ref) : outer(((NameExpr) ref).getNameAsString(), c);
            int from = ref.getBegin().orElseThrow().column - 1;
            int to2 = ref.getEnd().orElseThrow().column;
            sb.replace(from, to2, to);
        }
        return sb.toString();
    }

    /** A statement written in a directive ({@code //omp only}), parsed as Java and rendered at {@code c}. */
    public String renderStatement(String statement, int line, int column, Construct c) {
        ParseResult<com.github.javaparser.ast.stmt.Statement> r = parser().parseStatement(statement);
        if (!r.isSuccessful() || r.getResult().isEmpty()) {
            throw new TranslationException(line, column, "'" + statement + "' is not a Java statement");
        }
        StringBuilder sb = new StringBuilder(statement);
        List<NameExpr> refs = new ArrayList<>(r.getResult().get().findAll(NameExpr.class));
        refs.sort(Comparator.comparing((NameExpr n) -> n.getBegin().orElseThrow()).reversed());
        for (NameExpr ref : refs) {
            Binding b = lookup(ref.getNameAsString(), c.anchor(), Integer.MAX_VALUE);
            if (b != null) {
                sb.replace(ref.getBegin().orElseThrow().column - 1, ref.getEnd().orElseThrow().column, b.text());
            }
        }
        return sb.toString();
    }

    private JavaParser parser() {
        return new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.valueOf(
                        languageLevel == 8 ? "JAVA_8" : "JAVA_" + languageLevel))
                .setAttributeComments(false));
    }

    /**
     * A user-defined reduction's expression with its placeholders ({@code omp_in}, {@code omp_out},
     * {@code omp_priv}, {@code omp_orig}) replaced.
     */
    public String substitute(Expr e, Map<String, String> placeholders) {
        Expression parsed = parseExpression(e);
        StringBuilder sb = new StringBuilder(e.text());
        List<NameExpr> refs = new ArrayList<>(parsed.findAll(NameExpr.class));
        refs.sort(Comparator.comparing((NameExpr r) -> r.getBegin().orElseThrow()).reversed());
        for (NameExpr ref : refs) {
            String to = placeholders.get(ref.getNameAsString());
            if (to != null) {
                sb.replace(ref.getBegin().orElseThrow().column - 1, ref.getEnd().orElseThrow().column, to);
            }
        }
        return sb.toString();
    }

    public Expression parseExpression(Expr e) {
        ParseResult<Expression> r = parser().parseExpression(e.text());
        if (!r.isSuccessful() || r.getResult().isEmpty()) {
            throw new TranslationException(e.line(), e.column(), "'" + e.text() + "' is not a Java expression");
        }
        return r.getResult().get();
    }

    private static String oneLine(String s) {
        return s.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }

    // ---- variables ----

    /**
     * The local variable {@code name} visible at the construct, if it is one; a type the source does not show is
     * resolved when the translation has a type context.
     */
    public Optional<LocalVar> local(String name, Construct c) {
        return Optional.ofNullable(Scopes.visibleLocals(c.anchor()).get(name)).map(this::typed);
    }

    /** {@code v} with its type resolved when it is {@code var} (or an untyped lambda parameter) and can be. */
    public LocalVar typed(LocalVar v) {
        if (!v.type().equals("var") || !types.enabled()) {
            return v;
        }
        Resolution r = resolved.computeIfAbsent(v.declaration(), types::resolveDeclaration);
        if (!r.resolved()) {
            unresolved.put(v.name(), r.problem());
            return v;
        }
        return new LocalVar(v.name(), r.type(), v.declaration(), v.scope(), v.initialized());
    }

    /** The type of an expression whose type the source does not show; null when the translation has no type context. */
    public Resolution resolveType(Expression e) {
        return types.enabled() ? types.resolveExpression(e) : null;
    }

    /**
     * Whether objects of the declared type {@code type} can be serialised, as the type context resolves it; empty
     * without a type context or when the type does not resolve.
     */
    public Optional<Boolean> serializable(com.github.javaparser.ast.type.Type type) {
        return types.enabled() ? types.serializable(type) : Optional.empty();
    }

    /**
     * For a "cannot see the type" error about the local {@code name}: what resolution tried and why it failed,
     * starting with "; ", or nothing when the translation has no type context.
     */
    public String triedTypes(String name) {
        String problem = unresolved.get(name);
        return problem == null ? "" : "; " + problem;
    }

    /**
     * The type of a clause variable: as the clause writes it (JOMP 1.0b), else from the declaration of the local
     * or field. Fails with a positioned error when the variable is unknown or its type cannot be seen.
     */
    public String typeOf(Var v, Construct c) {
        if (v.type() != null) {
            checkWrittenType(v, c);
            return v.type();
        }
        Optional<LocalVar> local = local(v.name(), c);
        if (local.isPresent()) {
            return local.get().type();
        }
        Optional<String> field = Scopes.fieldType(c.anchor(), v.name());
        if (field.isPresent()) {
            return field.get();
        }
        checkKnown(v, c);
        throw new TranslationException(v.line(), v.column(), "cannot see the type of '" + v.name()
                + "': write it in the clause, as in (<type> " + v.name() + ")");
    }

    /**
     * A JOMP 1.0b typed clause variable must have the type it was declared with: the copy is declared with the
     * clause's type and assigned from (or to) the original. Types that differ only in how a class is named
     * ({@code String} and {@code java.lang.String}) cannot be told apart from the source and pass; a primitive
     * against anything else, or a different number of array dimensions, is an error.
     */
    private void checkWrittenType(Var v, Construct c) {
        Optional<String> declared = local(v.name(), c).map(LocalVar::type)
                .or(() -> Scopes.fieldType(c.anchor(), v.name()));
        if (declared.isEmpty() || declared.get().equals("var")) {
            return;
        }
        String written = v.type().replace(" ", "");
        String actual = declared.get().replace(" ", "");
        if (written.equals(actual)) {
            return;
        }
        boolean primitive = JavaTypes.isPrimitive(element(written)) || JavaTypes.isPrimitive(element(actual));
        if (primitive || dimensions(written) != dimensions(actual)) {
            throw new TranslationException(v.line(), v.column(), "'" + v.name() + "' is declared as "
                    + declared.get() + ", not " + v.type() + ": a typed clause variable must have its declared type");
        }
    }

    private static String element(String type) {
        int bracket = type.indexOf('[');
        return bracket < 0 ? type : type.substring(0, bracket);
    }

    private static int dimensions(String type) {
        return (int) type.chars().filter(ch -> ch == '[').count();
    }

    /**
     * Fails when {@code v} is neither a visible local nor a field the class could have. A typed variable (JOMP 1.0b)
     * passes unless {@code mustExist}: a private copy needs no original, a reduction or firstprivate one does.
     */
    public void checkKnown(Var v, Construct c, boolean mustExist) {
        if (v.type() != null && !mustExist) {
            return;
        }
        checkKnown(new Var(null, v.name(), v.line(), v.column()), c);
    }

    /** Fails when {@code v} is neither a visible local nor a field the class could have. */
    public void checkKnown(Var v, Construct c) {
        if (v.type() != null || local(v.name(), c).isPresent() || Scopes.fieldType(c.anchor(), v.name()).isPresent()
                || Scopes.mayInheritFields(c.anchor())) {
            return;
        }
        throw new TranslationException(v.line(), v.column(), "unknown variable '" + v.name() + "'");
    }

    /** True when {@code name} is a local declared outside construct {@code c} (or a copy made by one around it). */
    public boolean isOuterLocal(String name, Construct c) {
        if (isThreadPrivate(name, c.anchor())) {
            return false;
        }
        Binding b = outerBinding(name, c);
        if (b != null) {
            return !b.holder();
        }
        return local(name, c).isPresent();
    }

    /** Whether a lambda created at {@code c} may read {@code name} as it reads outside {@code c}. */
    public boolean capturable(String name, Construct c) {
        Binding b = outerBinding(name, c);
        if (b != null) {
            return b.holder() || b.effectivelyFinal();
        }
        return local(name, c).map(v -> Scopes.effectivelyFinal(v) && !assignedByTranslation.contains(name))
                .orElse(true);
    }

    /**
     * Moves a local into a one-element cell array for its whole scope: the cell is declared right after the
     * variable (on the same line) and every reference in the scope goes through it. Tasks need this for the shared
     * locals they assign, since a task may still run when the statement that created it has ended.
     */
    public void promote(LocalVar v, Construct at) {
        Map<String, Binding> cells = promotions.computeIfAbsent(v.scope(), k -> new java.util.HashMap<>());
        if (cells.containsKey(v.name())) {
            return;
        }
        String type = typed(v).type();
        if (type.equals("var")) {
            throw error(at, "cannot see the type of '" + v.name() + "' (declared with var), which a task shares:"
                    + " declare it with its type" + triedTypes(v.name()));
        }
        String cell = fresh(v.name() + "$cell");
        String declaration = HolderArrays.declaration(type, cell, v.initialized() ? v.name() : null, v.scope())
                .stripTrailing();
        Node decl = v.declaration();
        Node statement = decl.getParentNode().flatMap(Node::getParentNode).orElse(null);
        if (decl instanceof com.github.javaparser.ast.body.VariableDeclarator
                && statement instanceof com.github.javaparser.ast.stmt.ExpressionStmt) {
            edits.insert(text().end(statement), " " + declaration, 0);
        } else if (decl instanceof com.github.javaparser.ast.body.Parameter
                && v.scope() instanceof com.github.javaparser.ast.nodeTypes.NodeWithOptionalBlockStmt<?> m
                && m.getBody().isPresent()) {
            edits.insert(text().begin(m.getBody().get()) + 1, " " + declaration, 0);
        } else if (decl instanceof com.github.javaparser.ast.body.Parameter
                && v.scope() instanceof com.github.javaparser.ast.body.ConstructorDeclaration k) {
            edits.insert(text().begin(k.getBody()) + 1, " " + declaration, 0);
        } else {
            throw error(at, "a task shares '" + v.name() + "', which must then be a local declared in a block or a"
                    + " method parameter");
        }
        cells.put(v.name(), Binding.holder(cell, type));
    }

    /** Records a thread-private static field of {@code type}: its reads become {@code name.get()}. */
    public void threadPrivate(Node type, String name, String fieldType) {
        threadPrivate.declare(type, name, fieldType);
    }

    /** Whether {@code name} seen from {@code at} is a thread-private field (of this file or, imported, another). */
    public boolean isThreadPrivate(String name, Node at) {
        return threadPrivate.plain(name, at) != null;
    }

    /**
     * The holder to write for the thread-private field a plain {@code name} stands for at {@code at} (of this file,
     * or of another through a static import), or null when it is not one.
     */
    public String threadPrivateHolder(String name, Node at) {
        ThreadPrivateNames.Field f = threadPrivate.plain(name, at);
        return f == null ? null : f.written();
    }

    /** The thread-private field that {@code e} names ({@code x}, {@code Type.x}, {@code a.b.Type.x}), or null. */
    ThreadPrivateNames.Field threadPrivateField(Expression e) {
        return threadPrivate.named(e);
    }

    /** Whether this file may name a thread-private field, its own or another file's. */
    boolean mayNameThreadPrivate() {
        return threadPrivate.any();
    }

    /** Records a user-defined reduction ({@code declare reduction}); one name per file. */
    public void declareReduction(org.jomp.translator.directive.Clause.DeclaredReduction d) {
        if (userReductions.putIfAbsent(d.reduction(), d) != null) {
            throw new TranslationException(d.line(), d.column(), "reduction '" + d.reduction()
                    + "' is declared twice");
        }
    }

    public org.jomp.translator.directive.Clause.DeclaredReduction userReduction(String name) {
        return userReductions.get(name);
    }

    /** Work to do once every construct has been rewritten. */
    public void afterRewriting(Runnable work) {
        afterRewriting.add(work);
    }

    public void finish() {
        afterRewriting.forEach(Runnable::run);
    }

    /**
     * Notes the locals that construct {@code c} assigns in the translation but not in the source: what an
     * {@code //omp only} statement assigns, and the originals that lastprivate and reduction write back. A region
     * elsewhere in the method that captures one of them must then treat it as not effectively final.
     */
    public void noteAssignments(Construct c) {
        if (c.kind() == DirectiveKind.ONLY) {
            ParseResult<com.github.javaparser.ast.stmt.Statement> r =
                    parser().parseStatement(c.directive().argument());
            r.getResult().ifPresent(s -> s.findAll(Node.class).forEach(n -> {
                NameExpr t = Scopes.assignedName(n);
                if (t != null) {
                    assignedByTranslation.add(t.getNameAsString());
                }
            }));
        }
        for (Clause clause : c.directive().clauses()) {
            if (clause instanceof Clause.VarList l && l.name().equals("lastprivate")) {
                l.vars().forEach(v -> assignedByTranslation.add(v.name()));
            } else if (clause instanceof Clause.Reduction r) {
                r.vars().forEach(v -> assignedByTranslation.add(v.name()));
            }
        }
    }

    // ---- constructs ----

    /**
     * Whether construct {@code c} checks its statement for jumps that leave it. Constructs stacked on one statement
     * (a combined directive, or directives on consecutive lines) would each report the same jump, so the innermost
     * one checks; but a loop construct checks its own, stricter, rules unless a loop inside it does.
     */
    public boolean checksJumps(Construct c) {
        List<Construct> on = constructsOn(c.statement());
        boolean loop = isLoop(c);
        for (Construct d : on.subList(on.indexOf(c) + 1, on.size())) {
            if (!loop || isLoop(d)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLoop(Construct c) {
        return c.kind() == DirectiveKind.FOR || c.kind() == DirectiveKind.TASKLOOP || c.kind() == DirectiveKind.MPI_FOR;
    }

    /** The constructs on a statement, outer first. */
    public List<Construct> constructsOn(Node statement) {
        return onStatement.getOrDefault(statement, List.of());
    }
}
