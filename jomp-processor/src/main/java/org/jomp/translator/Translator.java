package org.jomp.translator;

import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import org.jomp.translator.annotation.AnnotationTranslator;
import org.jomp.translator.rewrite.Binding;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.ConstructTree;
import org.jomp.translator.rewrite.RewriteContext;
import org.jomp.translator.rewrite.Rewriters;
import org.jomp.translator.rewrite.mpi.MpiStart;
import org.jomp.translator.source.DirectiveBinder;
import org.jomp.translator.source.JavaSource;
import org.jomp.translator.source.Placement;
import org.jomp.translator.source.PlacementSource;
import org.jomp.translator.source.SourceText;
import org.jomp.translator.types.TypeResolver;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Translates one Java source file with {@code //omp} directives into plain Java calling jomp-runtime-smp, and
 * {@code //mpi} directives into calls to jomp-runtime-msg.
 *
 * <p>Pipeline: parse (JavaParser, comment attribution off) → bind each directive comment by position to the statement
 * after it → parse the directive grammar → build the tree of constructs and check nesting → rewrite each
 * construct, outer first, by line-preserving text edits on the original text → rename the references to privatised
 * and held variables → apply the edits. Every original line keeps its number; a file without directives comes back as
 * it was, byte for byte, unless it refers to a thread-private field of another file
 * ({@link TranslatorOptions#threadPrivate()}).
 */
public final class Translator {

    private final TranslatorOptions options;
    private final TypeResolver types;

    public Translator(TranslatorOptions options) {
        this(options, new TypeResolver(options.types(), options.languageLevel()));
    }

    private Translator(TranslatorOptions options, TypeResolver types) {
        this.options = options;
        this.types = types;
    }

    public TranslatorOptions options() {
        return options;
    }

    /** This translator knowing the thread-private fields of a tree; it shares the type context's caches. */
    public Translator withThreadPrivate(ThreadPrivateFields fields) {
        return new Translator(options.withThreadPrivate(fields), types);
    }

    /**
     * Never throws for bad input: problems come back as diagnostics. path is used in messages only. A file that
     * uses the annotations of org.jomp.annotations goes through {@link AnnotationTranslator}, which turns them into
     * the same directives, so every front end takes both forms.
     */
    public Translation translate(String path, String source) {
        if (AnnotationTranslator.mayUse(source)) {
            return new AnnotationTranslator(this, options).translate(path, source);
        }
        return translate(path, source, null);
    }

    /** As {@link #translate(String, String)}, with the directives another front end finds; more may be null. */
    public Translation translate(String path, String source, PlacementSource more) {
        boolean namesThreadPrivate = options.threadPrivate().mayBeNamedIn(source);
        if (more == null && !source.contains("//omp") && !source.contains("//mpi") && !namesThreadPrivate) {
            return new Translation(path, source, List.of(), source);
        }
        SourceText lines = new SourceText(source);
        List<TranslationException> errors = new ArrayList<>();
        try {
            JavaSource parsed = JavaSource.parse(source, options.languageLevel());
            List<Placement> placements = DirectiveBinder.bind(parsed, errors::add);
            if (more != null) {
                placements = more.placements(parsed, placements, errors::add);
            }
            if (placements.isEmpty() && errors.isEmpty() && !namesThreadPrivate) {
                return new Translation(path, source, List.of(), source);
            }
            ConstructTree tree = ConstructTree.build(placements, errors::add);
            RewriteContext ctx = new RewriteContext(path, parsed, options.languageLevel(), tree.onStatement(),
                    types, options.threadPrivate());
            tree.preorder().forEach(ctx::noteAssignments);
            Rewriters.prepare(tree.preorder(), ctx, errors::add);
            for (Construct c : tree.preorder()) {
                try {
                    Rewriters.rewrite(c, ctx);
                } catch (TranslationException e) {
                    errors.add(e);
                } catch (RuntimeException | StackOverflowError e) {
                    errors.add(new TranslationException(c.line(), c.column(), "internal error: " + e));
                }
            }
            if (errors.isEmpty()) {
                MpiStart.insert(parsed, tree.preorder(), ctx);
            }
            List<Diagnostic> diagnostics = new ArrayList<>(ctx.warnings());
            if (!errors.isEmpty()) {
                diagnostics.addAll(toDiagnostics(path, lines, errors));
                return new Translation(path, source, sorted(diagnostics), source);
            }
            ctx.finish();
            renameReferences(parsed, ctx);
            ctx.imports().emit(lines, ctx.edits());
            String output = ctx.edits().apply();
            if (new SourceText(output).lineCount() != lines.lineCount()) {
                throw new IllegalStateException("the translation has " + new SourceText(output).lineCount()
                        + " lines instead of " + lines.lineCount());
            }
            return new Translation(path, output, sorted(diagnostics), source);
        } catch (TranslationException e) {
            errors.add(e);
        } catch (RuntimeException | StackOverflowError e) {
            errors.add(new TranslationException(1, 1, "internal error: " + e));
        }
        return new Translation(path, source, sorted(toDiagnostics(path, lines, errors)), source);
    }

    /** Every reference to a variable that a construct privatised or holds becomes a reference to the copy or cell. */
    private static void renameReferences(JavaSource parsed, RewriteContext ctx) {
        SourceText text = parsed.text();
        for (ArrayAccessExpr element : parsed.unit().findAll(ArrayAccessExpr.class)) {
            String key = text.text(element).replaceAll("\\s+", "");
            Binding b = ctx.lookup(key, element, Integer.MAX_VALUE);
            if (b != null && !ctx.edits().isReplaced(text.begin(element), text.end(element))) {
                ctx.edits().replace(text.begin(element), text.end(element), b.text());
            }
        }
        for (NameExpr ref : parsed.unit().findAll(NameExpr.class)) {
            Binding b = ctx.lookup(ref.getNameAsString(), ref, Integer.MAX_VALUE);
            if (b == null) {
                continue;
            }
            int start = text.begin(ref);
            int end = text.end(ref);
            if (!ctx.edits().isReplaced(start, end)) {
                ctx.edits().replace(start, end, b.text());
            }
        }
    }

    private static List<Diagnostic> toDiagnostics(String path, SourceText lines, List<TranslationException> errors) {
        List<Diagnostic> out = new ArrayList<>();
        for (TranslationException e : errors) {
            out.add(new Diagnostic(Diagnostic.Severity.ERROR, path, e.line(), e.column(), e.getMessage(),
                    lines.line(e.line())));
        }
        return out;
    }

    private static List<Diagnostic> sorted(List<Diagnostic> diagnostics) {
        List<Diagnostic> out = new ArrayList<>(diagnostics);
        out.sort(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column));
        return out;
    }
}
