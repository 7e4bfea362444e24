package org.jomp.translator.rewrite;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.analysis.Scopes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which thread-private static fields the names of a file stand for, by Java's rules for names but without a symbol
 * solver. A field of this file's classes is named plainly inside its class, or qualified by its class. A field of
 * another file of the tree is named as {@code Type.field} or {@code a.b.Type.field}, where the type resolves through
 * the classes of this file, its imports or its package to the declaring class, or plainly through a static import.
 * A local hides a plain name and the first name of a qualified one; a field of an enclosing class hides a name that
 * a static import brings in.
 */
final class ThreadPrivateNames {

    /**
     * A reference to a thread-private field.
     *
     * @param type    the field's declared type
     * @param written the text that names its holder in the translation
     */
    record Field(String type, String written) {
    }

    private final CompilationUnit unit;
    private final ThreadPrivateFields known;
    private final String packagePrefix;
    private final Map<Node, Map<String, String>> declared = new IdentityHashMap<>();
    private final Set<String> declaredNames = new HashSet<>();

    ThreadPrivateNames(CompilationUnit unit, ThreadPrivateFields known) {
        this.unit = unit;
        this.known = known;
        this.packagePrefix = unit.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
    }

    /** Records a thread-private field that class {@code type} of this file declares. */
    void declare(Node type, String name, String fieldType) {
        declared.computeIfAbsent(type, k -> new HashMap<>()).put(name, fieldType);
        declaredNames.add(name);
    }

    /** The type of thread-private field {@code name} that {@code type} of this file declares, or null. */
    String declaredType(Node type, String name) {
        Map<String, String> fields = declared.get(type);
        return fields == null ? null : fields.get(name);
    }

    /** Whether this file may name any thread-private field. */
    boolean any() {
        return !declared.isEmpty() || !known.isEmpty();
    }

    /** The field that {@code e} ({@code x}, {@code Type.x}, {@code a.b.Type.x}) names, or null. */
    Field named(Expression e) {
        if (e instanceof NameExpr n) {
            return plain(n.getNameAsString(), n);
        }
        return e instanceof FieldAccessExpr fa ? qualified(fa, fa) : null;
    }

    /** The field a plain {@code name} stands for at {@code at}, or null. */
    Field plain(String name, Node at) {
        for (Node n = at; n != null; n = n.getParentNode().orElse(null)) {
            String type = declaredType(n, name);
            if (type != null) {
                return Scopes.visibleLocals(at).containsKey(name) ? null : new Field(type, name);
            }
            if (n instanceof TypeDeclaration<?> t && t.getFieldByName(name).isPresent()) {
                return null;
            }
        }
        return imported(name, at);
    }

    /**
     * The field of another class that a static import brings in as {@code name} at {@code at}, or null. A
     * single-static-import of the name from another class hides the on-demand ones.
     */
    Field imported(String name, Node at) {
        if (!known.hasField(name)) {
            return null;
        }
        String single = null;
        String onDemand = null;
        boolean other = false;
        for (ImportDeclaration i : unit.getImports()) {
            if (!i.isStatic()) {
                continue;
            }
            if (i.isAsterisk()) {
                if (onDemand == null && known.type(i.getNameAsString(), name) != null) {
                    onDemand = i.getNameAsString();
                }
            } else if (i.getName().getIdentifier().equals(name)) {
                String owner = i.getName().getQualifier().map(q -> q.asString()).orElse("");
                if (known.type(owner, name) != null) {
                    single = owner;
                } else {
                    other = true;
                }
            }
        }
        String owner = single != null ? single : other ? null : onDemand;
        if (owner == null || Scopes.visibleLocals(at).containsKey(name) || Scopes.field(at, name).isPresent()) {
            return null;
        }
        String written = known.writtenName(owner);
        return new Field(known.type(owner, name), written == null ? name : written + "." + name);
    }

    /** The field that {@code fa} names, seen from {@code at} ({@code fa} itself, or a clause's construct), or null. */
    Field qualified(FieldAccessExpr fa, Node at) {
        String field = fa.getNameAsString();
        String scope = dotted(fa.getScope());
        if (!known.hasField(field) && !declaredNames.contains(field) || scope == null) {
            return null;
        }
        int dot = scope.indexOf('.');
        String first = dot < 0 ? scope : scope.substring(0, dot);
        if (Scopes.visibleLocals(at).containsKey(first) || Scopes.field(at, first).isPresent()) {
            return null;
        }
        String asWritten = scope + "." + field;
        TypeDeclaration<?> own = ownType(first, at);
        if (own != null) {
            TypeDeclaration<?> type = dot < 0 ? own : member(own, scope.substring(dot + 1));
            String declaredType = type == null ? null : declaredType(type, field);
            return declaredType == null ? null : new Field(declaredType, asWritten);
        }
        for (String candidate : candidates(first, scope)) {
            String type = known.type(candidate, field);
            if (type != null) {
                String written = known.writtenName(candidate);
                return new Field(type, written == null ? asWritten : written + "." + field);
            }
        }
        return null;
    }

    /** A name made of identifiers and dots ({@code a.b.C}), or null for any other expression. */
    private static String dotted(Expression e) {
        if (e instanceof NameExpr n) {
            return n.getNameAsString();
        }
        if (e instanceof FieldAccessExpr fa && fa.getTypeArguments().isEmpty()) {
            String scope = dotted(fa.getScope());
            return scope == null ? null : scope + "." + fa.getNameAsString();
        }
        return null;
    }

    /** The class of this file that the simple name {@code name} stands for at {@code at}, or null. */
    private TypeDeclaration<?> ownType(String name, Node at) {
        for (Node n = at; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> t) {
                if (t.getNameAsString().equals(name)) {
                    return t;
                }
                TypeDeclaration<?> m = member(t, name);
                if (m != null) {
                    return m;
                }
            }
        }
        for (TypeDeclaration<?> t : unit.getTypes()) {
            if (t.getNameAsString().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** The member class {@code path} ({@code Inner} or {@code Inner.Deeper}) of {@code type}, or null. */
    private static TypeDeclaration<?> member(TypeDeclaration<?> type, String path) {
        TypeDeclaration<?> at = type;
        for (String name : path.split("\\.")) {
            TypeDeclaration<?> next = null;
            for (BodyDeclaration<?> b : at.getMembers()) {
                if (b instanceof TypeDeclaration<?> t && t.getNameAsString().equals(name)) {
                    next = t;
                }
            }
            if (next == null) {
                return null;
            }
            at = next;
        }
        return at;
    }

    /**
     * The classes {@code scope} may stand for, in Java's order: through a single-type import of its first name
     * (then nothing else), a class of the package, an on-demand import, or the name as fully qualified.
     */
    private List<String> candidates(String first, String scope) {
        String rest = scope.substring(first.length());
        List<String> onDemand = new ArrayList<>();
        for (ImportDeclaration i : unit.getImports()) {
            if (i.isStatic()) {
                continue;
            }
            if (!i.isAsterisk() && i.getName().getIdentifier().equals(first)) {
                return List.of(i.getNameAsString() + rest);
            }
            if (i.isAsterisk()) {
                onDemand.add(i.getNameAsString() + "." + scope);
            }
        }
        List<String> out = new ArrayList<>();
        out.add(packagePrefix + scope);
        out.addAll(onDemand);
        out.add(scope);
        return out;
    }
}
