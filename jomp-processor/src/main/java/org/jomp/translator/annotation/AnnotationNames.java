package org.jomp.translator.annotation;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;

import java.util.HashSet;
import java.util.Set;

/**
 * Tells which annotations of a file are JOMP's, from the file's imports alone (the translation reads sources, not
 * classes): {@code @org.jomp.annotations.For}, or {@code @For} with {@code import org.jomp.annotations.For} or
 * {@code import org.jomp.annotations.*}, unless another single-type import claims the simple name.
 */
final class AnnotationNames {

    private final boolean wildcard;
    private final Set<String> imported = new HashSet<>();
    private final Set<String> importedElsewhere = new HashSet<>();

    AnnotationNames(CompilationUnit unit) {
        boolean star = false;
        for (ImportDeclaration i : unit.getImports()) {
            if (i.isStatic()) {
                continue;
            }
            String name = i.getNameAsString();
            if (i.isAsterisk()) {
                star |= name.equals(AnnotationKind.PACKAGE);
            } else if (name.startsWith(AnnotationKind.PACKAGE + ".")) {
                imported.add(name.substring(AnnotationKind.PACKAGE.length() + 1));
            } else {
                importedElsewhere.add(i.getName().getIdentifier());
            }
        }
        this.wildcard = star;
    }

    /** The JOMP annotation this is, or null. */
    AnnotationKind kindOf(AnnotationExpr a) {
        String name = a.getNameAsString();
        if (name.startsWith(AnnotationKind.PACKAGE + ".")) {
            return AnnotationKind.bySimpleName(name.substring(AnnotationKind.PACKAGE.length() + 1));
        }
        if (name.contains(".")) {
            return null;
        }
        if (imported.contains(name) || wildcard && !importedElsewhere.contains(name)) {
            return AnnotationKind.bySimpleName(name);
        }
        return null;
    }

    /** True when the file may use JOMP annotations at all. */
    static boolean mayUse(String source) {
        return source.contains(AnnotationKind.PACKAGE);
    }
}
