package org.jomp.translator.types;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.resolution.declarations.ResolvedTypeParameterDeclaration;
import com.github.javaparser.resolution.types.ResolvedReferenceType;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.resolution.types.ResolvedWildcard;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes a resolved type as Java source that declares a variable of it at a given place: generic arguments kept,
 * arrays with brackets, nested classes with dots, {@code java.lang} types by their simple names (unless the file
 * declares or imports a type of the same name). A wildcard at the top (the type of {@code list.get(0)} for a
 * {@code List<? extends Number>}) stands for its capture, which has no name: the variable gets the wildcard's upper
 * bound, as javac's own {@code var} would let it be used (an untyped lambda parameter: the bound of either kind of
 * wildcard). Types with no name in the source (type variables of other
 * methods left uninferred, intersections, the null type) are refused with the reason.
 */
final class DeclarableType {

    private final Node at;
    private final Set<String> fileTypeNames;

    /** {@code at}: where the variable is declared, which decides the type variables in scope. */
    DeclarableType(Node at) {
        this.at = at;
        this.fileTypeNames = fileTypeNames(at);
    }

    /** The source text of a local's type, or IllegalArgumentException saying why there is none. */
    String write(ResolvedType t) {
        if (t.isWildcard()) {
            ResolvedWildcard w = t.asWildcard();
            return w.isExtends() ? inner(w.getBoundedType()) : "Object";
        }
        return inner(t);
    }

    /**
     * The source text of an untyped lambda parameter's type. Where the functional interface's type argument is a
     * wildcard, the symbol solver answers with a constraint on it ({@code ? super String} for the key of
     * {@code Map.forEach}); the parameter's type is then the constraint's bound (JLS 9.9, the function type of a
     * wildcard-parameterized interface).
     */
    String writeParameter(ResolvedType t) {
        if (t.isConstraint()) {
            return inner(t.asConstraintType().getBound());
        }
        if (t.isWildcard() && t.asWildcard().isBounded()) {
            return inner(t.asWildcard().getBoundedType());
        }
        return write(t);
    }

    private String inner(ResolvedType t) {
        if (t.isPrimitive()) {
            return t.asPrimitive().describe();
        }
        if (t.isArray()) {
            return inner(t.asArrayType().getComponentType()) + "[]";
        }
        if (t.isTypeVariable()) {
            return typeVariable(t.asTypeParameter());
        }
        if (t.isWildcard()) {
            ResolvedWildcard w = t.asWildcard();
            if (!w.isBounded()) {
                return "?";
            }
            return (w.isExtends() ? "? extends " : "? super ") + inner(w.getBoundedType());
        }
        if (t.isReferenceType()) {
            return reference(t.asReferenceType());
        }
        throw new IllegalArgumentException("its type " + t.describe() + " has no name in Java source");
    }

    private String reference(ResolvedReferenceType r) {
        String name = r.getQualifiedName();
        if (name.startsWith("java.lang.")) {
            String simple = name.substring("java.lang.".length());
            name = simple.contains(".") || fileTypeNames.contains(simple) ? name : simple;
        }
        List<ResolvedType> args = r.typeParametersValues();
        if (args.isEmpty() || r.isRawType()) {
            return name;
        }
        return name + args.stream().map(this::inner).collect(Collectors.joining(", ", "<", ">"));
    }

    /** A type variable is declarable only where its declaring class or method encloses the variable. */
    private String typeVariable(ResolvedTypeParameterDeclaration p) {
        String qualified = p.getQualifiedName();
        for (Node n = at; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof NodeWithTypeParameters<?> g
                    && g.getTypeParameters().stream().anyMatch(tp -> tp.getNameAsString().equals(p.getName()))
                    && declares(n, qualified, p.getName())) {
                return p.getName();
            }
        }
        throw new IllegalArgumentException("its type involves the type variable " + p.getName() + " of "
                + p.getContainerQualifiedName() + ", which is not in scope here");
    }

    /** Whether declaration {@code n} is the container of the type parameter called {@code qualified}. */
    private static boolean declares(Node n, String qualified, String name) {
        if (n instanceof TypeDeclaration<?> type) {
            return type.getFullyQualifiedName().map(q -> qualified.equals(q + "." + name)).orElse(true);
        }
        if (n instanceof CallableDeclaration<?> m) {
            String owner = m.findAncestor(TypeDeclaration.class).flatMap(t -> ((TypeDeclaration<?>) t)
                    .getFullyQualifiedName()).orElse("");
            return qualified.startsWith(owner + "." + m.getNameAsString() + "(") && qualified.endsWith(")." + name);
        }
        return true;
    }

    /** Simple names that the file declares or imports: a java.lang type of such a name keeps its package. */
    private static Set<String> fileTypeNames(Node at) {
        Set<String> names = new HashSet<>();
        at.findCompilationUnit().ifPresent((CompilationUnit cu) -> {
            cu.findAll(TypeDeclaration.class).forEach(t -> names.add(t.getNameAsString()));
            for (ImportDeclaration i : cu.getImports()) {
                if (!i.isAsterisk()) {
                    names.add(i.getName().getIdentifier());
                }
            }
        });
        return names;
    }
}
