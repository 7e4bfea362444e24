package org.jomp.maven;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.types.TypeContext;
import org.sonatype.plexus.build.incremental.BuildContext;

/**
 * What {@code translate} and {@code translate-test} share: configuration, the translation of the roots, the report,
 * the swap of the roots and the verdict. The two goals differ only in which roots and where to.
 */
abstract class AbstractTranslateMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    @Component
    protected BuildContext buildContext;

    /** Files to translate, as Ant patterns relative to a source root; other {@code .java} files are copied. */
    @Parameter
    protected List<String> includes = List.of("**/*.java");

    /** Files not to translate (copied as they are), as Ant patterns relative to a source root. */
    @Parameter
    protected List<String> excludes = List.of();

    /** The Java release the sources are written in; selects the parser's language level. */
    @Parameter(property = "jomp.release", defaultValue = "${maven.compiler.release}")
    protected String release;

    /** The encoding of the sources, and of the translations written. */
    @Parameter(property = "jomp.encoding", defaultValue = "${project.build.sourceEncoding}")
    protected String encoding;

    /** Skips translation: the original sources are compiled, their directives being plain comments. */
    @Parameter(property = "jomp.skip", defaultValue = "false")
    protected boolean skip;

    /** Prints each translated, copied or deleted file and the directives translated per kind. */
    @Parameter(property = "jomp.verbose", defaultValue = "false")
    protected boolean verbose;

    /** Fails the build when the translator reports a warning. */
    @Parameter(property = "jomp.failOnWarning", defaultValue = "false")
    protected boolean failOnWarning;

    /** Main or test sources. */
    abstract SourceRoots.Scope scope();

    /** The class path the scope's sources compile against (dependencies resolved by the goal's annotation). */
    abstract List<String> classPathElements() throws DependencyResolutionRequiredException;

    /** Where the translations go; it replaces the translated roots. */
    abstract File outputDirectory();

    /** True when the goal should do nothing (over and above {@code skip}). */
    boolean skipped() {
        return skip;
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipped()) {
            getLog().info("JOMP translation is skipped: the sources are compiled as they are");
            return;
        }
        Path output = outputDirectory().toPath().toAbsolutePath();
        List<Path> roots = SourceRoots.translatable(project, scope(), output);
        int level = languageLevel();
        List<String> classPath = classPath();
        ThreadPrivateFields mainFields = mainThreadPrivate(level);
        Translator translator = new Translator(new TranslatorOptions(level, typeContext(classPath, roots, output))
                .withThreadPrivate(mainFields));
        IncrementalTranslator engine = new IncrementalTranslator(translator, buildContext, charset(), includes,
                excludes, failOnWarning);
        Path state = Path.of(project.getBuild().getDirectory(), "maven-status", "jomp",
                scope().name().toLowerCase() + ".state");
        TranslationReport report;
        try {
            report = engine.run(roots, output, state, fingerprint(level, classPath, mainFields));
        } catch (IOException e) {
            throw new MojoExecutionException("JOMP: cannot translate " + roots + " into " + output + ": " + e, e);
        }
        new DiagnosticReporter(getLog(), buildContext).report(report.diagnostics);
        SourceRoots.swap(project, scope(), roots, output);
        summarize(report, output);
        verdict(report);
    }

    /**
     * Where the translator looks up the types that the sources do not write (a var initialised by a method call,
     * say): the scope's class path, the translated roots and the scope's other roots (generated sources). Entries
     * that do not exist yet (target/classes before the first compilation) are left out.
     */
    private TypeContext typeContext(List<String> elements, List<Path> roots, Path output) {
        List<Path> classPath = elements.stream().map(Path::of).filter(Files::exists).toList();
        Set<Path> sources = new LinkedHashSet<>(roots);
        scope().roots(project).stream().map(r -> Path.of(r).toAbsolutePath().normalize())
                .filter(r -> Files.isDirectory(r) && !r.equals(output.normalize())).forEach(sources::add);
        return TypeContext.of(classPath, List.copyOf(sources));
    }

    private List<String> classPath() throws MojoExecutionException {
        try {
            return classPathElements();
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("JOMP: the class path of " + project.getId() + " is not resolved: "
                    + e.getMessage(), e);
        }
    }

    /** The release as the translator's language level; newer releases than it knows are parsed at its newest. */
    private int languageLevel() throws MojoExecutionException {
        if (release == null || release.isBlank()) {
            return TranslatorOptions.defaults().languageLevel();
        }
        String text = release.trim().startsWith("1.") ? release.trim().substring(2) : release.trim();
        int level;
        try {
            level = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new MojoExecutionException("JOMP: <release> (jomp.release) is '" + release
                    + "', not a Java release number such as 17");
        }
        if (level > TranslatorOptions.MAX_LEVEL) {
            getLog().debug("JOMP: parsing release " + level + " sources at language level "
                    + TranslatorOptions.MAX_LEVEL + ", the newest the translator knows");
            return TranslatorOptions.MAX_LEVEL;
        }
        if (level < TranslatorOptions.MIN_LEVEL) {
            throw new MojoExecutionException("JOMP: <release> (jomp.release) is " + release
                    + "; the translator reads Java " + TranslatorOptions.MIN_LEVEL + " and later");
        }
        return level;
    }

    private Charset charset() throws MojoExecutionException {
        if (encoding == null || encoding.isBlank()) {
            return StandardCharsets.UTF_8;
        }
        try {
            return Charset.forName(encoding.trim());
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new MojoExecutionException("JOMP: <encoding> (jomp.encoding) '" + encoding
                    + "' is not a character set this JVM knows");
        }
    }

    /** Everything every output depends on besides its own source: a change re-translates all. */
    private String fingerprint(int level, List<String> classPath, ThreadPrivateFields mainFields) {
        return "level=" + level + ";includes=" + includes + ";excludes=" + excludes + ";encoding=" + encoding
                + ";warningsFail=" + failOnWarning + ";translator=" + translatorBuild() + ";classPath=" + classPath
                + (mainFields.isEmpty() ? "" : ";mainThreadPrivate=" + mainFields);
    }

    /**
     * For the tests, the threadprivate fields of the main sources when this build translated them: the tests use
     * the main classes, so their references to those fields are rewritten too.
     */
    private ThreadPrivateFields mainThreadPrivate(int level) throws MojoExecutionException {
        Optional<List<Path>> main = SourceRoots.translated(project, SourceRoots.Scope.MAIN);
        if (scope() != SourceRoots.Scope.TEST || main.isEmpty()) {
            return ThreadPrivateFields.none();
        }
        try {
            return IncrementalTranslator.threadPrivateFields(main.get(), charset(), level);
        } catch (IOException e) {
            throw new MojoExecutionException("JOMP: cannot read the main sources " + main.get() + ": " + e, e);
        }
    }

    /** The translator's jar (or class directory) with its size and time, so a rebuilt translator is noticed. */
    private static String translatorBuild() {
        CodeSource code = Translator.class.getProtectionDomain().getCodeSource();
        if (code == null) {
            return "unknown";
        }
        try {
            File location = new File(code.getLocation().toURI());
            return location + ":" + location.length() + ":" + location.lastModified();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return code.getLocation().toString();
        }
    }

    private void summarize(TranslationReport report, Path output) {
        Path base = project.getBasedir() == null ? Path.of("") : project.getBasedir().toPath().toAbsolutePath();
        Path shown = output.startsWith(base) ? base.relativize(output) : output;
        String line = "JOMP: " + report.translated.size() + " translated, " + report.copied.size() + " copied, "
                + report.upToDate.size() + " up to date, " + report.deleted.size() + " deleted -> " + shown;
        if (report.isEmpty()) {
            getLog().debug(line);
            return;
        }
        getLog().info(line);
        if (!verbose) {
            return;
        }
        report.translated.forEach(f -> getLog().info("JOMP: translated " + f));
        report.copied.forEach(f -> getLog().info("JOMP: copied " + f));
        report.deleted.forEach(f -> getLog().info("JOMP: deleted " + f));
        getLog().info("JOMP: directives translated: " + report.census.total() + " (" + report.census.describe()
                + ")");
    }

    private void verdict(TranslationReport report) throws MojoFailureException {
        long errors = report.count(Diagnostic.Severity.ERROR);
        long warnings = report.count(Diagnostic.Severity.WARNING);
        if (errors > 0) {
            throw new MojoFailureException("JOMP: " + errors + " error(s) in directives; the first: "
                    + DiagnosticReporter.headline(first(report, Diagnostic.Severity.ERROR)));
        }
        if (warnings > 0 && failOnWarning) {
            throw new MojoFailureException("JOMP: " + warnings + " warning(s) and failOnWarning is set; the first: "
                    + DiagnosticReporter.headline(first(report, Diagnostic.Severity.WARNING)));
        }
    }

    private static Diagnostic first(TranslationReport report, Diagnostic.Severity severity) {
        return report.diagnostics.stream().filter(d -> d.severity() == severity).findFirst().orElseThrow();
    }
}
