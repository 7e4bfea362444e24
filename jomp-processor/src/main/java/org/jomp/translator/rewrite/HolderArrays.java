package org.jomp.translator.rewrite;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.TypeParameter;

/**
 * Declarations of the one-element arrays that hold a local a lambda assigns (a region's holder, a task's cell).
 * Java creates no array of a generic type: a parameterised type's array is created raw ({@code new List[] {x}},
 * an unchecked conversion), and a type variable's as an array of its erasure, cast to the variable's array type
 * ({@code (T[]) new Comparable[] {x}}); the erasure, not Object, because the cast is checked against it at run time.
 * Both carry {@code @SuppressWarnings("unchecked")}, since the conversion is meant.
 */
final class HolderArrays {

    private HolderArrays() {
    }

    /**
     * {@code type[] name = {value};}, or an empty array when {@code value} is null, with the type as seen from
     * {@code at} (where the type variables in scope are looked up).
     */
    static String declaration(String type, String name, String value, Node at) {
        String erasure = erasure(type, at);
        String dims = type.substring(base(type).length()).replaceAll("<.*>", "").strip();
        boolean typeVariable = typeParameter(base(type), at) != null;
        if (!typeVariable && erasure.equals(type)) {
            return type + "[] " + name + " = " + (value == null ? "new " + type + "[1]" : "{" + value + "}") + "; ";
        }
        String array = value == null ? "new " + elementOf(erasure) + "[1]" + dims : "new " + erasure + "[] {" + value
                + "}";
        String cast = typeVariable ? "(" + type + "[]) " : "";
        return "@SuppressWarnings(\"unchecked\") " + type + "[] " + name + " = " + cast + array + "; ";
    }

    /** The erasure of a type as written: type arguments dropped, a type variable replaced by its first bound's. */
    static String erasure(String type, Node at) {
        String base = base(type);
        String dims = type.substring(base.length()).replaceAll("<.*>", "").replace(" ", "");
        TypeParameter p = typeParameter(base, at);
        if (p == null) {
            return base + dims;
        }
        if (p.getTypeBound().isEmpty()) {
            return "Object" + dims;
        }
        ClassOrInterfaceType bound = p.getTypeBound().get(0);
        return erasure(bound.asString(), p) + dims;
    }

    /** The type before its type arguments and dimensions: {@code Map.Entry} of {@code Map.Entry<K, V>[]}. */
    private static String base(String type) {
        int end = type.length();
        int angle = type.indexOf('<');
        int bracket = type.indexOf('[');
        if (angle >= 0) {
            end = angle;
        }
        if (bracket >= 0 && bracket < end) {
            end = bracket;
        }
        return type.substring(0, end).strip();
    }

    /** {@code Comparable} of {@code Comparable[]}: what follows {@code new}, with dimensions after {@code [1]}. */
    private static String elementOf(String erasure) {
        int bracket = erasure.indexOf('[');
        return bracket < 0 ? erasure : erasure.substring(0, bracket);
    }

    /** The type parameter called {@code name} of the innermost method, constructor or type around {@code at}. */
    private static TypeParameter typeParameter(String name, Node at) {
        if (name.contains(".")) {
            return null;
        }
        for (Node n = at; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof NodeWithTypeParameters<?> g) {
                for (TypeParameter p : g.getTypeParameters()) {
                    if (p.getNameAsString().equals(name)) {
                        return p;
                    }
                }
            }
        }
        return null;
    }
}
