package org.jomp.processor;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import org.jomp.translator.source.JavaSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Renames the top-level types of a translated file, {@code Foo} to {@code Foo$$Jomp}, with every reference to
 * them in the file (types, qualifiers, constructors, {@code Foo.this}, imports of their members), so that the
 * translation compiles next to the original in the same javac run. Only a suffix is inserted after each name, on
 * its line, so line numbers stay as they are.
 */
final class TypeRenamer {

    static final String SUFFIX = "$$Jomp";

    private TypeRenamer() {
    }

    static String rename(String source, int languageLevel, String packageName, Set<String> topLevel) {
        JavaSource parsed = JavaSource.parse(source, languageLevel);
        CompilationUnit unit = parsed.unit();
        TreeSet<Integer> ends = new TreeSet<>();
        for (TypeDeclaration<?> t : unit.getTypes()) {
            if (topLevel.contains(t.getNameAsString())) {
                ends.add(end(parsed, t.getName()));
                for (ConstructorDeclaration c : t.getConstructors()) {
                    ends.add(end(parsed, c.getName()));
                }
            }
        }
        for (ClassOrInterfaceType t : unit.findAll(ClassOrInterfaceType.class)) {
            boolean unqualified = t.getScope().isEmpty()
                    || t.getScope().get().asString().equals(packageName);
            if (unqualified && topLevel.contains(t.getNameAsString())) {
                ends.add(end(parsed, t.getName()));
            }
        }
        for (NameExpr n : unit.findAll(NameExpr.class)) {
            if (topLevel.contains(n.getNameAsString())) {
                ends.add(end(parsed, n));
            }
        }
        for (FieldAccessExpr f : unit.findAll(FieldAccessExpr.class)) {
            if (topLevel.contains(f.getNameAsString()) && f.getScope().toString().equals(packageName)) {
                ends.add(end(parsed, f.getName()));
            }
        }
        for (ThisExpr t : unit.findAll(ThisExpr.class)) {
            t.getTypeName().filter(n -> topLevel.contains(n.getIdentifier())).ifPresent(n -> ends.add(end(parsed, n)));
        }
        for (SuperExpr s : unit.findAll(SuperExpr.class)) {
            s.getTypeName().filter(n -> topLevel.contains(n.getIdentifier())).ifPresent(n -> ends.add(end(parsed, n)));
        }
        for (Name n : unit.findAll(Name.class)) {
            String qualifier = n.getQualifier().map(Name::asString).orElse("");
            if (topLevel.contains(n.getIdentifier()) && qualifier.equals(packageName) && !packageName.isEmpty()) {
                ends.add(end(parsed, n));
            }
        }
        StringBuilder out = new StringBuilder(source);
        List<Integer> descending = new ArrayList<>(ends.descendingSet());
        for (int at : descending) {
            out.insert(at, SUFFIX);
        }
        return out.toString();
    }

    private static int end(JavaSource parsed, Node n) {
        return parsed.text().end(n);
    }
}
