package org.jomp.maven;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.codehaus.plexus.util.Scanner;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.sonatype.plexus.build.incremental.BuildContext;

/**
 * Brings an output directory up to date with a set of source roots: every {@code .java} file of the roots gets a
 * counterpart at the same relative path in the output directory, translated when it matches the includes and not
 * the excludes, copied byte for byte otherwise or when it has no directives.
 *
 * <p>Incremental: a source whose bytes have the digest recorded by the previous build, and whose output is still
 * there, is left alone, unless it was translated and some other source was added, changed or removed: a translation
 * may read the types other files declare (a {@code var} initialised by their methods, say), so every translated
 * file is translated again then, and the copies stay as they are, except those that name a threadprivate field.
 * Outputs whose source disappeared are deleted; an output whose new content equals the file already there is not
 * rewritten (its timestamp stays, so the compiler does not see a change). A source with errors (or with warnings
 * when they fail the build) gets no output and no record, so the next build tries it again. Files and messages go
 * through the {@link BuildContext}, so an IDE (m2e) refreshes outputs and shows markers.
 *
 * <p>Before translating, every source selected for translation is scanned for {@code //omp threadprivate}: such a
 * field becomes a {@code ThreadPrivate} holder, so the references to it in every file are rewritten (as are those
 * to the fields the translator already knows of: for tests, the main sources'), and a file without directives that
 * refers to one is translated, not copied.
 */
final class IncrementalTranslator {

    private static final String[] JAVA_FILES = {"**/*.java"};

    private final Translator translator;
    private final BuildContext buildContext;
    private final Charset encoding;
    private final String[] includes;
    private final String[] excludes;
    private final boolean warningsFail;

    IncrementalTranslator(Translator translator, BuildContext buildContext, Charset encoding, List<String> includes,
                          List<String> excludes, boolean warningsFail) {
        this.translator = translator;
        this.buildContext = buildContext;
        this.encoding = encoding;
        this.includes = includes.toArray(String[]::new);
        this.excludes = excludes.toArray(String[]::new);
        this.warningsFail = warningsFail;
    }

    /**
     * Translates the roots into {@code outputDirectory}.
     *
     * @param fingerprint the settings the outputs depend on; a change translates everything again
     * @param stateFile   where the record of this build is kept for the next one
     */
    TranslationReport run(List<Path> roots, Path outputDirectory, Path stateFile, String fingerprint)
            throws IOException {
        TranslationReport report = new TranslationReport();
        TranslationState previous = TranslationState.load(stateFile, fingerprint);
        TranslationState next = new TranslationState(fingerprint);
        Map<String, Source> sources = collectSources(roots, report);
        Map<String, byte[]> contents = new LinkedHashMap<>();
        Map<String, String> digests = new LinkedHashMap<>();
        Map<String, String> texts = new LinkedHashMap<>();
        for (Map.Entry<String, Source> e : sources.entrySet()) {
            byte[] bytes = Files.readAllBytes(e.getValue().file());
            contents.put(e.getKey(), bytes);
            digests.put(e.getKey(), digest(bytes));
            if (e.getValue().translate()) {
                decode(bytes, encoding).ifPresent(text -> texts.put(e.getKey(), text));
            }
        }
        ThreadPrivateFields threadPrivate = translator.options().threadPrivate()
                .plus(ThreadPrivateFields.scan(texts.values(), translator.options().languageLevel()));
        Translator treeTranslator = translator.withThreadPrivate(threadPrivate);
        boolean othersChanged = !previous.entries().keySet().equals(digests.keySet())
                || digests.entrySet().stream().anyMatch(e -> !unchanged(previous.get(e.getKey()),
                        sources.get(e.getKey()), e.getValue()));
        for (Map.Entry<String, Source> e : sources.entrySet()) {
            String relative = e.getKey();
            TranslationState.Entry before = previous.get(relative);
            // A copy that names a threadprivate field may have to be translated now: the field may have become one.
            if (othersChanged && before != null && (before.translated()
                    || texts.containsKey(relative) && threadPrivate.mayBeNamedIn(texts.get(relative)))) {
                before = null;
            }
            TranslationState.Entry done = processSource(treeTranslator, relative, e.getValue(), contents.get(relative),
                    digests.get(relative), texts.get(relative), outputDirectory.resolve(relative), before, report);
            if (done != null) {
                next.put(done);
            }
        }
        deleteStaleOutputs(previous, sources, outputDirectory, report);
        next.save(stateFile);
        return report;
    }

    /** A source file, and whether the includes/excludes select it for translation (otherwise it is copied). */
    private record Source(Path file, boolean translate) {
    }

    /** Relative path → source, over all roots; the same relative path in two roots is an error. */
    private Map<String, Source> collectSources(List<Path> roots, TranslationReport report) {
        Map<String, Source> sources = new LinkedHashMap<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            Set<String> selected = Set.of(scan(root, includes, excludes));
            for (String name : scan(root, JAVA_FILES, new String[0])) {
                String relative = name.replace('\\', '/');
                Source source = new Source(root.resolve(name).toAbsolutePath(), selected.contains(name));
                Source earlier = sources.putIfAbsent(relative, source);
                if (earlier != null) {
                    report.diagnostics.add(new Diagnostic(Diagnostic.Severity.ERROR, source.file().toString(), 1, 1,
                            "the same file is also in another source root: " + earlier.file()
                                    + "; both would be generated as " + relative, ""));
                }
            }
        }
        return sources;
    }

    private String[] scan(Path root, String[] include, String[] exclude) {
        Scanner scanner = buildContext.newScanner(root.toFile(), true);
        scanner.setIncludes(include);
        scanner.setExcludes(exclude);
        scanner.scan();
        String[] names = scanner.getIncludedFiles();
        Arrays.sort(names);
        return names;
    }

    /** Whether the previous build saw this source, at this place, with these bytes. */
    private static boolean unchanged(TranslationState.Entry before, Source source, String digest) {
        return before != null && before.digest().equals(digest) && before.source().equals(source.file());
    }

    /**
     * Brings one output up to date; returns its record, or null when the source had problems. {@code bytes} are the
     * source's, {@code text} their decoding (null for a source not to translate, or not readable in the encoding).
     * {@code before} is the previous build's record, null when the source must be processed whatever its digest.
     */
    private TranslationState.Entry processSource(Translator translator, String relative, Source from, byte[] bytes,
                                                 String digest, String text, Path output,
                                                 TranslationState.Entry before, TranslationReport report)
            throws IOException {
        Path source = from.file();
        if (unchanged(before, from, digest) && Files.isRegularFile(output)) {
            report.upToDate.add(relative);
            return before;
        }
        buildContext.removeMessages(source.toFile());
        byte[] result = bytes;
        boolean translated = false;
        if (from.translate()) {
            if (text == null) {
                report.diagnostics.add(new Diagnostic(Diagnostic.Severity.ERROR, source.toString(), 1, 1,
                        "not readable as " + encoding.name() + " (set <encoding> or project.build.sourceEncoding)",
                        ""));
                deleteOutput(output);
                return null;
            }
            Translation translation = translator.translate(source.toString(), text);
            report.diagnostics.addAll(translation.diagnostics());
            boolean warned = translation.diagnostics().stream()
                    .anyMatch(d -> d.severity() == Diagnostic.Severity.WARNING);
            if (translation.hasErrors() || (warned && warningsFail)) {
                deleteOutput(output);
                return null;
            }
            if (translation.changed()) {
                result = translation.output().getBytes(encoding);
                translated = true;
                report.translated.add(relative);
                report.census.count(text);
            } else {
                report.copied.add(relative);
            }
        } else {
            report.copied.add(relative);
        }
        writeIfDifferent(output, result);
        return new TranslationState.Entry(relative, source, digest, translated);
    }

    /** The threadprivate fields that the Java files under the roots declare (for sources that use them). */
    static ThreadPrivateFields threadPrivateFields(List<Path> roots, Charset encoding, int languageLevel)
            throws IOException {
        ThreadPrivateFields fields = ThreadPrivateFields.none();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java") && Files.isRegularFile(f)).toList()) {
                    Optional<String> text = decode(Files.readAllBytes(file), encoding);
                    if (text.isPresent()) {
                        fields = fields.plus(ThreadPrivateFields.declaredIn(text.get(), languageLevel));
                    }
                }
            }
        }
        return fields;
    }

    /** The text of a source, or empty when its bytes are not in the source encoding. */
    private static Optional<String> decode(byte[] bytes, Charset encoding) {
        try {
            return Optional.of(encoding.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    private void writeIfDifferent(Path output, byte[] content) throws IOException {
        if (Files.isRegularFile(output) && Arrays.equals(Files.readAllBytes(output), content)) {
            return;
        }
        Files.createDirectories(output.getParent());
        try (OutputStream out = buildContext.newFileOutputStream(output.toFile())) {
            out.write(content);
        }
    }

    private void deleteOutput(Path output) throws IOException {
        if (Files.deleteIfExists(output)) {
            buildContext.refresh(output.toFile());
        }
    }

    /**
     * Deletes the outputs of sources that are gone; after a full build (no usable record) also every other file in
     * the output directory, which this plugin owns, so nothing left by an earlier configuration gets compiled.
     */
    private void deleteStaleOutputs(TranslationState previous, Map<String, Source> sources, Path outputDirectory,
                                    TranslationReport report) throws IOException {
        Set<String> stale = new HashSet<>(previous.entries().keySet());
        stale.removeAll(sources.keySet());
        if (Files.isDirectory(outputDirectory) && previous.entries().isEmpty()) {
            try (Stream<Path> files = Files.walk(outputDirectory)) {
                files.filter(Files::isRegularFile)
                        .map(f -> outputDirectory.relativize(f).toString().replace('\\', '/'))
                        .filter(relative -> !sources.containsKey(relative))
                        .forEach(stale::add);
            }
        }
        for (String relative : stale.stream().sorted().toList()) {
            deleteOutput(outputDirectory.resolve(relative));
            report.deleted.add(relative);
        }
    }

    private static String digest(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }
}
