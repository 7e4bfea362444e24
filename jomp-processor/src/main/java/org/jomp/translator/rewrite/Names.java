package org.jomp.translator.rewrite;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.SimpleName;

import java.util.HashSet;
import java.util.Set;

/** Allocates names for generated locals that clash with no identifier of the file nor with each other. */
public final class Names {

    private final Set<String> used = new HashSet<>();

    public Names(CompilationUnit unit) {
        for (SimpleName n : unit.findAll(SimpleName.class)) {
            used.add(n.getIdentifier());
        }
    }

    /** {@code base} itself when free, else {@code base2}, {@code base3}, ... */
    public String fresh(String base) {
        String name = base;
        for (int i = 2; !used.add(name); i++) {
            name = base + i;
        }
        return name;
    }
}
