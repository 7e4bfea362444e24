package org.jomp.maven;

import java.util.ArrayList;
import java.util.List;

import org.jomp.translator.Diagnostic;

/** What one run of {@link IncrementalTranslator} did, for the summary and the verdict. */
final class TranslationReport {

    final List<String> translated = new ArrayList<>();
    final List<String> copied = new ArrayList<>();
    final List<String> upToDate = new ArrayList<>();
    final List<String> deleted = new ArrayList<>();
    final List<Diagnostic> diagnostics = new ArrayList<>();
    final DirectiveCensus census = new DirectiveCensus();

    /** True when there was nothing to do: no sources, nothing deleted, no problems. */
    boolean isEmpty() {
        return translated.isEmpty() && copied.isEmpty() && upToDate.isEmpty() && deleted.isEmpty()
                && diagnostics.isEmpty();
    }

    long count(Diagnostic.Severity severity) {
        return diagnostics.stream().filter(d -> d.severity() == severity).count();
    }
}
