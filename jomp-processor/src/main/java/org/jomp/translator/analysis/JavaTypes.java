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

    /** The type name after "a" or "an", for messages: "an int", "a double[]", "an Object". */
    public static String withArticle(String type) {
        return ("aeiouAEIOU".indexOf(type.isEmpty() ? 'x' : type.charAt(0)) >= 0 ? "an " : "a ") + type;
    }
}
