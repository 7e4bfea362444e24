package org.jomp.translator.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.LocalRecordDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.TryStmt;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Lexical scopes without a symbol solver: which locals are visible at a node, which fields a class declares, and
 * which names a subtree assigns. Java forbids a local to shadow another local of the same method or of an
 * enclosing lambda, so a name resolves to the innermost visible local, unless a class body in between declares
 * the same name (fields, parameters or locals of an anonymous or local class).
 */
public final class Scopes {

    private Scopes() {
    }

    /** The locals visible just before {@code at}, innermost first. */
    public static Map<String, LocalVar> visibleLocals(Node at) {
        Map<String, LocalVar> vars = new LinkedHashMap<>();
        Node child = at;
        Node parent = at.getParentNode().orElse(null);
        while (parent != null) {
            if (parent instanceof BlockStmt b) {
                addStatementsBefore(vars, b.getStatements(), child, b);
            } else if (parent instanceof SwitchEntry e) {
                addStatementsBefore(vars, e.getStatements(), child, e);
            } else if (parent instanceof ForStmt f) {
                if (!f.getInitialization().contains(child)) {
                    for (Expression init : f.getInitialization()) {
                        if (init instanceof VariableDeclarationExpr d) {
                            addDeclarators(vars, d.getVariables(), f, true);
                        }
                    }
                }
            } else if (parent instanceof ForEachStmt f) {
                if (child == f.getBody()) {
                    addDeclarators(vars, f.getVariable().getVariables(), f, true);
                }
            } else if (parent instanceof LambdaExpr l) {
                for (Parameter p : l.getParameters()) {
                    String type = p.getType().isUnknownType() ? "var" : p.getType().asString();
                    add(vars, new LocalVar(p.getNameAsString(), type, p, l, true));
                }
            } else if (parent instanceof CallableDeclaration<?> m) {
                for (Parameter p : m.getParameters()) {
                    add(vars, new LocalVar(p.getNameAsString(), p.getType().asString(), p, m, true));
                }
            } else if (parent instanceof CatchClause c) {
                Parameter p = c.getParameter();
                add(vars, new LocalVar(p.getNameAsString(), p.getType().asString(), p, c, true));
            } else if (parent instanceof TryStmt t && child != null && !t.getResources().contains(child)) {
                for (Expression r : t.getResources()) {
                    if (r instanceof VariableDeclarationExpr d) {
                        addDeclarators(vars, d.getVariables(), t, true);
                    }
                }
            } else if (parent instanceof TypeDeclaration<?> type && !isLocal(type)) {
                break;
            }
            child = parent;
            parent = parent.getParentNode().orElse(null);
        }
        return vars;
    }

    private static boolean isLocal(TypeDeclaration<?> type) {
        Node p = type.getParentNode().orElse(null);
        return p instanceof LocalClassDeclarationStmt || p instanceof LocalRecordDeclarationStmt;
    }

    private static void addStatementsBefore(Map<String, LocalVar> vars, List<Statement> statements, Node child,
                                            Node scope) {
        for (Statement s : statements) {
            if (s == child) {
                break;
            }
            if (s instanceof ExpressionStmt es && es.getExpression() instanceof VariableDeclarationExpr d) {
                addDeclarators(vars, d.getVariables(), scope, false);
            }
        }
    }

    private static void addDeclarators(Map<String, LocalVar> vars, List<VariableDeclarator> declarators, Node scope,
                                       boolean alwaysInitialized) {
        for (VariableDeclarator v : declarators) {
            add(vars, new LocalVar(v.getNameAsString(), declaredType(v), v, scope,
                    alwaysInitialized || v.getInitializer().isPresent()));
        }
    }

    /** The type of a declarator; for {@code var}, the type of its initializer when that is plain to see. */
    public static String declaredType(VariableDeclarator v) {
        String type = v.getType().asString();
        if (!type.equals("var") || v.getInitializer().isEmpty()) {
            return type;
        }
        Expression init = v.getInitializer().get();
        if (init instanceof com.github.javaparser.ast.expr.IntegerLiteralExpr) {
            return "int";
        }
        if (init instanceof com.github.javaparser.ast.expr.LongLiteralExpr) {
            return "long";
        }
        if (init instanceof com.github.javaparser.ast.expr.DoubleLiteralExpr d) {
            String t = d.getValue();
            return t.endsWith("f") || t.endsWith("F") ? "float" : "double";
        }
        if (init instanceof com.github.javaparser.ast.expr.BooleanLiteralExpr) {
            return "boolean";
        }
        if (init instanceof com.github.javaparser.ast.expr.CharLiteralExpr) {
            return "char";
        }
        if (init instanceof com.github.javaparser.ast.expr.StringLiteralExpr
                || init instanceof com.github.javaparser.ast.expr.TextBlockLiteralExpr) {
            return "String";
        }
        if (init instanceof com.github.javaparser.ast.expr.ObjectCreationExpr o && o.getAnonymousClassBody().isEmpty()
                && o.getType().getTypeArguments().map(a -> !a.isEmpty()).orElse(true)) {
            return o.getType().asString();
        }
        if (init instanceof com.github.javaparser.ast.expr.ArrayCreationExpr a) {
            return a.createdType().asString();
        }
        return type;
    }

    private static void add(Map<String, LocalVar> vars, LocalVar v) {
        vars.putIfAbsent(v.name(), v);
    }

    /** The type of a field called {@code name} in the innermost enclosing class that declares one. */
    public static Optional<String> fieldType(Node at, String name) {
        return field(at, name).map(v -> v.getType().asString());
    }

    /** The declaration of the field {@code name} of a class around {@code at}, innermost first. */
    public static Optional<VariableDeclarator> field(Node at, String name) {
        for (Node n = at; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> type) {
                for (FieldDeclaration f : type.getFields()) {
                    for (VariableDeclarator v : f.getVariables()) {
                        if (v.getNameAsString().equals(name)) {
                            return Optional.of(v);
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Whether some enclosing class may inherit fields we cannot see (it extends a class or is anonymous). */
    public static boolean mayInheritFields(Node at) {
        for (Node n = at; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()) {
                return true;
            }
            if (n instanceof com.github.javaparser.ast.body.ClassOrInterfaceDeclaration c
                    && (!c.getExtendedTypes().isEmpty() || c.isInterface())) {
                return true;
            }
        }
        return false;
    }

    /** Whether a class body between {@code node} and {@code stop} (exclusive) declares {@code name}. */
    public static boolean shadowedBetween(Node node, Node stop, String name) {
        for (Node n = node.getParentNode().orElse(null); n != null && n != stop; n = n.getParentNode().orElse(null)) {
            if (declaresInClassBody(n, name)) {
                return true;
            }
        }
        return false;
    }

    /** An anonymous or local class declaring {@code name} anywhere in its body hides an outer local of that name. */
    public static boolean declaresInClassBody(Node n, String name) {
        return declaredInClassBody(n).contains(name);
    }

    /** The names a class body declares anywhere (fields, parameters, locals); empty for other nodes. */
    public static Set<String> declaredInClassBody(Node n) {
        boolean classBody = n instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                || n instanceof TypeDeclaration<?>;
        if (!classBody) {
            return Set.of();
        }
        Set<String> names = new HashSet<>();
        n.findAll(VariableDeclarator.class).forEach(v -> names.add(v.getNameAsString()));
        n.findAll(Parameter.class).forEach(p -> names.add(p.getNameAsString()));
        return names;
    }

    /** The name assigned by an assignment or increment, when its target is a plain name; else null. */
    public static NameExpr assignedName(Node n) {
        if (n instanceof AssignExpr a && a.getTarget() instanceof NameExpr t) {
            return t;
        }
        if (n instanceof UnaryExpr u && isIncDec(u) && u.getExpression() instanceof NameExpr t) {
            return t;
        }
        return null;
    }

    public static boolean isIncDec(UnaryExpr u) {
        return switch (u.getOperator()) {
            case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
            default -> false;
        };
    }

    /**
     * Effectively final as javac sees it, conservatively: initialised where declared and never assigned again.
     * A local declared without initializer counts as not effectively final.
     */
    public static boolean effectivelyFinal(LocalVar v) {
        if (!v.initialized()) {
            return false;
        }
        for (Node n : v.scope().findAll(Node.class)) {
            NameExpr t = assignedName(n);
            if (t != null && t.getNameAsString().equals(v.name()) && !shadowedBetween(t, v.scope(), v.name())) {
                return false;
            }
        }
        return true;
    }
}
