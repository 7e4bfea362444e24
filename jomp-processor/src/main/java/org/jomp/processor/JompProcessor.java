package org.jomp.processor;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;

import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic.Kind;
import javax.tools.JavaFileObject;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The javac front end of JOMP: with jomp-processor on the processor path, classes whose sources carry JOMP
 * annotations or {@code //omp} comments are compiled to their parallel translation.
 *
 * <p>For each such compilation unit the processor reads the source (Trees), translates it with the core, and
 * writes the translation through the Filer with its top-level types renamed ({@code Foo} to {@code Foo$$Jomp},
 * see {@link TypeRenamer}), so javac compiles it in the same run next to the original, with access to everything
 * the original sees. When javac has written all classes, {@link ClassReplacer} renames the translated classes back
 * with ASM and writes them over the originals. Directive errors are reported through javac at their position
 * ({@link DiagnosticReporter}). Only supported APIs are used: javax.annotation.processing, javax.lang.model,
 * javax.tools and com.sun.source.
 */
public final class JompProcessor extends AbstractProcessor {

    private Trees trees;
    private DiagnosticReporter reporter;
    private ClassReplacer replacer;
    private final Set<CompilationUnitTree> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The threadprivate fields of the files of this javac run seen so far, all rounds. */
    private ThreadPrivateFields threadPrivate = ThreadPrivateFields.none();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        // Every file: //omp comments are not annotations, so the processor must see classes without any.
        return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        try {
            trees = Trees.instance(env);
            replacer = new ClassReplacer(env.getFiler(), env.getElementUtils(), env.getMessager());
            JavacTask.instance(env).addTaskListener(replacer);
            reporter = new DiagnosticReporter(trees, env.getMessager());
        } catch (IllegalArgumentException | IllegalStateException notJavac) {
            env.getMessager().printMessage(Kind.WARNING, "jomp: the annotation processor needs javac; this compiler"
                    + " is not javac, so JOMP directives are compiled as sequential code");
            trees = null;
        }
    }

    /**
     * Claims the round's annotations when they are all JOMP's (javac -Xlint:processing warns of unclaimed ones);
     * never claims another processor's.
     */
    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        boolean onlyOurs = !annotations.isEmpty() && annotations.stream()
                .allMatch(a -> a.getQualifiedName().toString().startsWith("org.jomp.annotations."));
        if (trees == null || round.processingOver()) {
            return onlyOurs;
        }
        int level = Math.min(TranslatorOptions.MAX_LEVEL,
                Math.max(TranslatorOptions.MIN_LEVEL, processingEnv.getSourceVersion().ordinal()));
        Map<CompilationUnitTree, Element> units = new LinkedHashMap<>();
        Map<CompilationUnitTree, String> sources = new LinkedHashMap<>();
        for (Element e : round.getRootElements()) {
            TreePath path = trees.getPath(e);
            if (path == null || !seen.add(path.getCompilationUnit())) {
                continue;
            }
            CompilationUnitTree unit = path.getCompilationUnit();
            units.put(unit, e);
            try {
                if (!fileName(unit).contains(TypeRenamer.SUFFIX)) {
                    String source = unit.getSourceFile().getCharContent(true).toString();
                    sources.put(unit, source);
                    threadPrivate = threadPrivate.plus(ThreadPrivateFields.declaredIn(source, level));
                }
            } catch (IOException failure) {
                processingEnv.getMessager().printMessage(Kind.ERROR, "jomp: " + failure, e);
            }
        }
        // Every file of the run is scanned before any is translated, so each sees the threadprivate fields of all;
        // their translations are compiled as Foo$$Jomp, and the other translations must name them so.
        Translator translator = new Translator(new TranslatorOptions(level)
                .withThreadPrivate(threadPrivate.withTopLevelSuffix(TypeRenamer.SUFFIX)));
        for (Map.Entry<CompilationUnitTree, String> u : sources.entrySet()) {
            try {
                translate(translator, u.getKey(), units.get(u.getKey()), u.getValue(), level);
            } catch (IOException failure) {
                processingEnv.getMessager().printMessage(Kind.ERROR, "jomp: " + failure, units.get(u.getKey()));
            }
        }
        return onlyOurs;
    }

    private static String fileName(CompilationUnitTree unit) {
        String name = unit.getSourceFile().getName();
        return name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
    }

    private void translate(Translator translator, CompilationUnitTree unit, Element element, String source,
                           int level) throws IOException {
        String fileName = fileName(unit);
        if (!source.contains("//omp") && !source.contains("//mpi") && !source.contains("org.jomp.annotations")
                && !threadPrivate.mayBeNamedIn(source)) {
            return;
        }
        Translation t = translator.translate(fileName, source);
        for (Diagnostic d : t.diagnostics()) {
            reporter.report(d, unit, element);
        }
        if (t.hasErrors() || !t.changed()) {
            return;
        }
        String packageName = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
        Map<String, String> renamed = new LinkedHashMap<>();
        Set<String> topLevel = new LinkedHashSet<>();
        for (Tree type : unit.getTypeDecls()) {
            if (type instanceof ClassTree c) {
                topLevel.add(c.getSimpleName().toString());
            }
        }
        if (topLevel.isEmpty()) {
            return;
        }
        String prefix = packageName.isEmpty() ? "" : packageName.replace('.', '/') + "/";
        for (String top : topLevel) {
            renamed.put(prefix + top + TypeRenamer.SUFFIX, prefix + top);
        }
        String text = TypeRenamer.rename(t.output(), level, packageName, topLevel);
        String first = topLevel.iterator().next();
        Element[] origin = unit.getTypeDecls().stream().map(tree -> trees.getElement(trees.getPath(unit, tree)))
                .filter(Objects::nonNull).toArray(Element[]::new);
        JavaFileObject out = processingEnv.getFiler().createSourceFile(
                (packageName.isEmpty() ? "" : packageName + ".") + first + TypeRenamer.SUFFIX, origin);
        try (Writer w = out.openWriter()) {
            w.write(text);
        }
        replacer.add(new ClassReplacer.Replacement(packageName, new ClassRenamer(renamed, threadPrivateHolders(),
                fileName), fileOf(out)));
    }

    /** The renamed internal name of each top-level class that declares threadprivate fields, to its original. */
    private Map<String, String> threadPrivateHolders() {
        Map<String, String> holders = new LinkedHashMap<>();
        for (String top : threadPrivate.topLevelClasses()) {
            String internal = top.replace('.', '/');
            holders.put(internal + TypeRenamer.SUFFIX, internal);
        }
        return holders;
    }

    /** The Filer's file as a path, or null where it is not one of the default file system. */
    private static Path fileOf(JavaFileObject file) {
        try {
            return Path.of(file.toUri());
        } catch (IllegalArgumentException | FileSystemNotFoundException | SecurityException e) {
            return null;
        }
    }
}
