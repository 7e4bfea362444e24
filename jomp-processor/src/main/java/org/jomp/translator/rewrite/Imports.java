package org.jomp.translator.rewrite;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import org.jomp.translator.source.SourceText;
import org.jomp.translator.source.TextEdits;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Imports of the runtime types the generated code uses. They go on the package line (after its semicolon), so no
 * line moves; a simple name the file already uses for something else is written fully qualified instead. "Uses"
 * covers a type the file declares or imports, and any type or name it writes: a class of its own package (a user's
 * {@code Schedule} record beside it), which an import would shadow, is seen only that way.
 */
public final class Imports {

    public static final String RUNTIME = "org.jomp.runtime";

    private final CompilationUnit unit;
    private final Set<String> taken = new LinkedHashSet<>();
    private final Set<String> imported = new LinkedHashSet<>();

    public Imports(CompilationUnit unit) {
        this.unit = unit;
        for (ImportDeclaration i : unit.getImports()) {
            if (!i.isAsterisk() && !i.getNameAsString().startsWith(RUNTIME + ".")) {
                taken.add(i.getName().getIdentifier());
            }
        }
        for (TypeDeclaration<?> t : unit.findAll(TypeDeclaration.class)) {
            taken.add(t.getNameAsString());
        }
        boolean runtimeOnDemand = unit.getImports().stream()
                .anyMatch(i -> i.isAsterisk() && !i.isStatic() && i.getNameAsString().equals(RUNTIME));
        Set<String> runtimeImports = new HashSet<>();
        unit.getImports().stream().filter(i -> !i.isAsterisk() && i.getNameAsString().startsWith(RUNTIME + "."))
                .forEach(i -> runtimeImports.add(i.getName().getIdentifier()));
        Set<String> written = new HashSet<>();
        unit.findAll(ClassOrInterfaceType.class).forEach(t -> written.add(t.getNameAsString()));
        unit.findAll(NameExpr.class).forEach(n -> written.add(n.getNameAsString()));
        for (String name : written) {
            // A name the file imports from the runtime is the runtime's type already.
            if (!runtimeOnDemand && !runtimeImports.contains(name)) {
                taken.add(name);
            }
        }
    }

    /** The name to write for runtime type {@code simpleName}. */
    public String use(String simpleName) {
        if (taken.contains(simpleName)) {
            return RUNTIME + "." + simpleName;
        }
        imported.add(simpleName);
        return simpleName;
    }

    public void emit(SourceText text, TextEdits edits) {
        if (imported.isEmpty()) {
            return;
        }
        StringBuilder sb = new StringBuilder();
        for (String name : imported) {
            sb.append(" import ").append(RUNTIME).append('.').append(name).append(';');
        }
        if (unit.getPackageDeclaration().isPresent()) {
            edits.insert(text.end(unit.getPackageDeclaration().get()), sb.toString(), 0);
        } else {
            edits.insert(0, sb.substring(1) + " ", 0);
        }
    }
}
