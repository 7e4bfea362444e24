package org.jomp.translator.annotation;

import org.jomp.translator.Diagnostic;
import org.jomp.translator.Translation;
import org.jomp.translator.TranslationException;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.source.JavaSource;
import org.jomp.translator.source.SourceText;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Translates a file that uses the annotations of org.jomp.annotations, with or without {@code //omp} comments: the
 * annotations become the same directives, placed in the same tree of constructs, rewritten by the same core
 * ({@link Translator#translate(String, String)} sends such files here).
 * The output keeps every line of the input on its number, like the comment path. A file without either is returned
 * as it was.
 */
public final class AnnotationTranslator {

    private final Translator core;
    private final TranslatorOptions options;

    /** core translates the comments and, given the annotations' placements, the whole file. */
    public AnnotationTranslator(Translator core, TranslatorOptions options) {
        this.core = core;
        this.options = options;
    }

    /** True when the file may use JOMP annotations (it names their package). */
    public static boolean mayUse(String source) {
        return AnnotationNames.mayUse(source);
    }

    /** Never throws for bad input: problems come back as diagnostics on the original lines. */
    public Translation translate(String path, String source) {
        if (!mayUse(source)) {
            return core.translate(path, source, null);
        }
        JavaSource parsed;
        try {
            parsed = JavaSource.parse(source, options.languageLevel());
        } catch (TranslationException e) {
            return core.translate(path, source, null);
        }
        List<TranslationException> errors = new ArrayList<>();
        AnnotatedSource found = AnnotatedSource.find(parsed, errors::add);
        SourceText lines = parsed.text();
        if (!errors.isEmpty()) {
            List<Diagnostic> diagnostics = new ArrayList<>(core.translate(path, source, null).diagnostics());
            for (TranslationException e : errors) {
                diagnostics.add(new Diagnostic(Diagnostic.Severity.ERROR, path, e.line(), e.column(), e.getMessage(),
                        lines.line(e.line())));
            }
            diagnostics.sort(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column));
            return new Translation(path, source, diagnostics, source);
        }
        if (found.isEmpty()) {
            return core.translate(path, source, null);
        }
        String prepared = found.prepared();
        Translation t = core.translate(path, prepared, new AnnotationPlacements(found));
        SourceText preparedLines = new SourceText(prepared);
        List<Diagnostic> diagnostics = t.diagnostics().stream()
                .map(d -> original(d, found, preparedLines, lines))
                .sorted(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column))
                .toList();
        return new Translation(path, t.hasErrors() ? source : t.output(), diagnostics, source);
    }

    /**
     * A diagnostic of the prepared text on the original: one inside the {@code //mpi} comment written for a
     * collective annotation points at the annotation's own text; any other moves back over the braces inserted
     * on its line (lines are the same in both texts).
     */
    private static Diagnostic original(Diagnostic d, AnnotatedSource found, SourceText prepared, SourceText lines) {
        for (AnnotatedSource.Collective c : found.collectives()) {
            int comment = found.commentOffset(c);
            int commentColumn = prepared.columnOf(comment);
            if (d.line() == prepared.lineOf(comment) && d.column() >= commentColumn) {
                var at = c.directive().position(d.column() - commentColumn - 2 + 1);
                return new Diagnostic(d.severity(), d.path(), at.line, at.column, d.message(), lines.line(at.line));
            }
        }
        int at = found.original(prepared.offset(d.line(), d.column()));
        int line = lines.lineOf(at);
        return new Diagnostic(d.severity(), d.path(), line, lines.columnOf(at), d.message(), lines.line(line));
    }
}
