package org.jomp.cli;

import org.jomp.translator.Diagnostic;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.types.TypeContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * jompc, the command-line precompiler: translates Java sources with {@code //omp} directives into an output tree.
 * Exit status 0 when everything translated, 1 when some directive is wrong, 2 on a usage error.
 */
@Command(name = "jompc", mixinStandardHelpOptions = true, version = "jompc 0.1.0",
        description = "Translates Java sources with //omp directives into plain Java that calls the JOMP runtime.",
        exitCodeOnInvalidInput = 2)
public final class Jompc implements Callable<Integer> {

    static final int OK = 0;
    static final int DIRECTIVE_ERRORS = 1;
    static final int USAGE = 2;

    private static final String JOMP_SUFFIX = ".jomp";
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

    @Spec
    private CommandSpec spec;

    @Option(names = {"-d", "--output"}, paramLabel = "DIR",
            description = "Directory for the translated tree (never inside an input tree).")
    private Path output;

    @Option(names = "--check", description = "Only check the directives; write nothing.")
    private boolean check;

    @Option(names = "--show", paramLabel = "FILE",
            description = "Print FILE and its translation side by side, with line numbers; the threadprivate fields"
                    + " that the SOURCES declare count.")
    private Path show;

    @Option(names = "--release", paramLabel = "N", defaultValue = "17",
            description = "Java release of the sources (default: ${DEFAULT-VALUE}).")
    private int release;

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH",
            description = "Class path of the sources (jars and class directories; entries must exist). With it,"
                    + " or with --sourcepath, types the source does not write (a var initialised by a method call,"
                    + " a for-each variable, an untyped lambda parameter) are resolved when a clause needs one;"
                    + " without either, types come from the source alone.")
    private String classpath;

    @Option(names = "--sourcepath", paramLabel = "PATH",
            description = "Other source roots whose types the sources use (entries must exist); the roots of the"
                    + " SOURCES count as source roots when --classpath or --sourcepath is given.")
    private String sourcepath;

    @Option(names = {"-v", "--verbose"}, description = "Say what happens to each file.")
    private boolean verbose;

    @Parameters(paramLabel = "SOURCES", arity = "0..*",
            description = "Java files or source trees; JOMP 1.0b's .jomp files become .java files of the same name.")
    private List<Path> sources = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs jompc in-process and returns its exit status. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Jompc());
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (release < TranslatorOptions.MIN_LEVEL || release > TranslatorOptions.MAX_LEVEL) {
            return usage(err, "--release " + release + " is outside " + TranslatorOptions.MIN_LEVEL + ".."
                    + TranslatorOptions.MAX_LEVEL);
        }
        List<Path> classPath = entries(classpath);
        List<Path> sourcePath = entries(sourcepath);
        for (Path entry : classPath) {
            if (!Files.exists(entry)) {
                return usage(err, "--classpath entry '" + entry + "' does not exist");
            }
        }
        for (Path entry : sourcePath) {
            if (!Files.isDirectory(entry)) {
                return usage(err, "--sourcepath entry '" + entry + "' is not a directory");
            }
        }
        TranslatorOptions options = new TranslatorOptions(release);
        if (classpath != null || sourcepath != null) {
            options = options.withTypes(TypeContext.of(classPath, sourceRoots(sourcePath)));
        }
        Translator translator = new Translator(options);
        if (show != null) {
            return show(translator, out, err);
        }
        if (sources.isEmpty()) {
            return usage(err, "no SOURCES given");
        }
        if (output == null && !check) {
            return usage(err, "give an output directory with -d DIR, or --check");
        }
        for (Path source : sources) {
            if (!Files.exists(source)) {
                return usage(err, "source '" + source + "' does not exist");
            }
            if (output != null && Files.isDirectory(source) && inside(output, source)) {
                return usage(err, "output directory '" + output + "' lies inside the input tree '" + source
                        + "'; jompc never writes into its input");
            }
        }
        List<Path[]> files;
        try {
            files = collect();
        } catch (UncheckedIOException e) {
            return usage(err, e.getCause().getMessage());
        }
        int errors = 0;
        int translated = 0;
        Map<Path, String> texts = new LinkedHashMap<>();
        for (Path[] f : files) {
            try {
                texts.put(f[0], Files.readString(f[0], StandardCharsets.UTF_8));
            } catch (IOException e) {
                err.println(f[0] + ": error: cannot read: " + e.getMessage());
                errors++;
            }
        }
        // A threadprivate field changes type, so its references in every file of the tree are rewritten too.
        translator = translator.withThreadPrivate(ThreadPrivateFields.scan(texts.values(), release));
        for (Path[] f : files) {
            Path file = f[0];
            String text = texts.get(file);
            if (text == null) {
                continue;
            }
            Translation t = translator.translate(file.toString(), text);
            for (Diagnostic d : t.diagnostics()) {
                err.println(d.format());
            }
            if (t.hasErrors()) {
                errors++;
                continue;
            }
            if (t.changed()) {
                translated++;
            }
            if (output != null && !check) {
                Path target = output.resolve(f[1]);
                if (Files.exists(target) && sameFile(target, file)) {
                    return usage(err, "'" + target + "' is an input file; jompc never writes into its input");
                }
                try {
                    Files.createDirectories(target.toAbsolutePath().getParent());
                    Files.writeString(target, t.output(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    err.println(target + ": error: cannot write: " + e.getMessage());
                    errors++;
                    continue;
                }
            }
            if (verbose) {
                out.println((t.changed() ? "translated " : "copied     ") + file
                        + (output != null && !check ? " -> " + output.resolve(f[1]) : ""));
            }
        }
        if (verbose) {
            out.println(files.size() + " files, " + translated + " translated, " + errors + " with errors");
        }
        return errors > 0 ? DIRECTIVE_ERRORS : OK;
    }

    private int show(Translator translator, PrintWriter out, PrintWriter err) {
        if (!Files.isRegularFile(show)) {
            return usage(err, "--show file '" + show + "' does not exist");
        }
        String text;
        try {
            text = Files.readString(show, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return usage(err, "cannot read '" + show + "': " + e.getMessage());
        }
        ThreadPrivateFields threadPrivate = ThreadPrivateFields.declaredIn(text, release);
        for (Path source : sources) {
            if (!Files.exists(source)) {
                return usage(err, "source '" + source + "' does not exist");
            }
        }
        try {
            for (Path[] f : collect()) {
                threadPrivate = threadPrivate.plus(ThreadPrivateFields.declaredIn(
                        Files.readString(f[0], StandardCharsets.UTF_8), release));
            }
        } catch (IOException | UncheckedIOException e) {
            return usage(err, "cannot read the SOURCES: " + e.getMessage());
        }
        Translation t = translator.withThreadPrivate(threadPrivate).translate(show.toString(), text);
        for (Diagnostic d : t.diagnostics()) {
            err.println(d.format());
        }
        if (t.hasErrors()) {
            // a file with errors is not translated: there is nothing to put beside it
            err.println("jompc: " + show + " has directive errors; nothing to show until they are fixed");
            return DIRECTIVE_ERRORS;
        }
        out.print(SideBySide.render(text, t.output()));
        out.flush();
        return OK;
    }

    private static List<Path> entries(String path) {
        if (path == null) {
            return List.of();
        }
        return Stream.of(path.split(File.pathSeparator)).filter(e -> !e.isEmpty()).map(Path::of).toList();
    }

    /**
     * The given source roots, then those of the inputs: a directory is a root; a file's root is its directory
     * less the directories of its package, when they match.
     */
    private List<Path> sourceRoots(List<Path> given) {
        Set<Path> roots = new LinkedHashSet<>(given);
        List<Path> inputs = new ArrayList<>(sources);
        if (show != null) {
            inputs.add(show);
        }
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                roots.add(input);
            } else if (Files.isReadable(input)) {
                Path root = input.toAbsolutePath().getParent();
                Path pkg = packagePath(input);
                if (!pkg.toString().isEmpty() && root.endsWith(pkg)) {
                    for (int i = 0; i < pkg.getNameCount(); i++) {
                        root = root.getParent();
                    }
                }
                roots.add(root);
            }
        }
        return List.copyOf(roots);
    }

    /** Every Java file to translate with its path relative to the output directory. */
    private List<Path[]> collect() {
        List<Path[]> files = new ArrayList<>();
        for (Path source : sources) {
            if (Files.isDirectory(source)) {
                try (Stream<Path> walk = Files.walk(source)) {
                    walk.filter(p -> isSource(p) && Files.isRegularFile(p)).sorted()
                            .forEach(p -> files.add(new Path[] {p, asJava(source.relativize(p))}));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                files.add(new Path[] {source, asJava(packagePath(source).resolve(source.getFileName()))});
            }
        }
        return files;
    }

    private static boolean isSource(Path p) {
        String name = p.getFileName().toString();
        return name.endsWith(".java") || name.endsWith(JOMP_SUFFIX);
    }

    /** JOMP 1.0b read Foo.jomp and wrote Foo.java; jompc does the same so old build scripts keep their file names. */
    private static Path asJava(Path relative) {
        String name = relative.getFileName().toString();
        if (!name.endsWith(JOMP_SUFFIX)) {
            return relative;
        }
        return relative.resolveSibling(name.substring(0, name.length() - JOMP_SUFFIX.length()) + ".java");
    }

    /** A single file goes where javac expects it: under its package's directories. */
    private static Path packagePath(Path file) {
        try {
            Matcher m = PACKAGE.matcher(Files.readString(file, StandardCharsets.UTF_8));
            return m.find() ? Path.of(m.group(1).replace('.', File.separatorChar)) : Path.of("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean inside(Path candidate, Path tree) {
        Path c = candidate.toAbsolutePath().normalize();
        Path t = tree.toAbsolutePath().normalize();
        return c.startsWith(t);
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static int usage(PrintWriter err, String message) {
        err.println("jompc: " + message);
        err.println("Try 'jompc --help' for more information.");
        return USAGE;
    }
}
