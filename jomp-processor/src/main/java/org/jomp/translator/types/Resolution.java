package org.jomp.translator.types;

/**
 * The answer of {@link TypeResolver}: a declarable type, or the reason there is none.
 *
 * @param type    the type as Java source, or null
 * @param problem what was tried and why it failed, or null
 */
public record Resolution(String type, String problem) {

    static Resolution of(String type) {
        return new Resolution(type, null);
    }

    static Resolution failure(String problem) {
        return new Resolution(null, problem);
    }

    public boolean resolved() {
        return type != null;
    }
}
