package org.jomp.processor;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.Trees;
import org.jomp.translator.Diagnostic;

import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;
import javax.tools.JavaCompiler;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.util.List;

/**
 * Reports the core's diagnostics through javac at their exact line and column, so build tools and IDEs show them
 * like compiler errors. {@link Trees#printMessage} positions a message at a tree; a directive's error may stand
 * inside a comment or a string, where the file has no tree, so the reporter parses (public javac API) a stand-in
 * source whose only class begins at that offset and reports at that tree in the user's compilation unit: javac
 * takes the offset from the tree and the file and its line map from the unit. Where that is not possible (a
 * compiler other than javac), the message goes to the element with the position in its text.
 */
final class DiagnosticReporter {

    private final Trees trees;
    private final Messager messager;

    DiagnosticReporter(Trees trees, Messager messager) {
        this.trees = trees;
        this.messager = messager;
    }

    void report(Diagnostic d, CompilationUnitTree unit, Element element) {
        Kind kind = d.severity() == Diagnostic.Severity.ERROR ? Kind.ERROR : Kind.WARNING;
        long offset = unit.getLineMap().getPosition(d.line(), d.column());
        try {
            trees.printMessage(kind, d.message(), treeAt(offset), unit);
        } catch (RuntimeException | IOException notJavac) {
            messager.printMessage(kind, d.path() + ":" + d.line() + ":" + d.column() + ": " + d.message(), element);
        }
    }

    /** A class declaration whose start is the given offset, from a stand-in source parsed for that purpose. */
    private static Tree treeAt(long offset) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String text = " ".repeat((int) offset) + "class P {}";
        SimpleJavaFileObject file = new SimpleJavaFileObject(URI.create("string:///P.java"),
                javax.tools.JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        };
        JavacTask task = (JavacTask) javac.getTask(new StringWriter(), null, d -> { }, List.of("-proc:none"), null,
                List.of(file));
        CompilationUnitTree parsed = task.parse().iterator().next();
        return parsed.getTypeDecls().get(0);
    }
}
