package org.jomp.translator;

import java.util.List;

/**
 * The result of translating one source file.
 *
 * @param path        the path the source was given under (used in messages only)
 * @param output      the translated text; the input itself when there was nothing to translate or errors were found
 * @param diagnostics errors and warnings in source order
 * @param source      the input text, kept so that {@link #changed()} can tell a translation from a copy
 */
public record Translation(String path, String output, List<Diagnostic> diagnostics, String source) {

    public Translation {
        diagnostics = List.copyOf(diagnostics);
    }

    /** A result whose output is taken to be the input itself. */
    public Translation(String path, String output, List<Diagnostic> diagnostics) {
        this(path, output, diagnostics, output);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(d -> d.severity() == Diagnostic.Severity.ERROR);
    }

    /** False when the output is the input byte for byte (no directives, or errors). */
    public boolean changed() {
        return !output.equals(source);
    }
}
