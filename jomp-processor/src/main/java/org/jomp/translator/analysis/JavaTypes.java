package org.jomp.translator.analysis;

import java.util.Set;

/** Facts about Java types written as source text, as the translator reads them from declarations and clauses. */
public final class JavaTypes {
    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "short", "char", "int", "long", "float",
            "double");

    private JavaTypes() {
    }

    /** True for the eight primitive type names. */
    public static boolean isPrimitive(String type) {
        return PRIMITIVES.contains(type);
    }
}
