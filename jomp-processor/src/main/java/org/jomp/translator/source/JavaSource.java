package org.jomp.translator.source;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.comments.LineComment;
import org.jomp.translator.TranslationException;

import java.util.Comparator;
import java.util.List;

/**
 * A parsed compilation unit. Comment attribution is off: JavaParser attaches at most one comment to a node and
 * orphans stacked or trailing ones, so directives are bound by position instead (see {@link DirectiveBinder}).
 */
public final class JavaSource {

    private final SourceText text;
    private final CompilationUnit unit;
    private final List<LineComment> lineComments;

    private JavaSource(SourceText text, CompilationUnit unit, List<LineComment> lineComments) {
        this.text = text;
        this.unit = unit;
        this.lineComments = lineComments;
    }

    /** Parses at the given Java release; a syntax error becomes a positioned {@link TranslationException}. */
    public static JavaSource parse(String source, int languageLevel) {
        ParserConfiguration config = new ParserConfiguration()
                .setLanguageLevel(level(languageLevel))
                .setAttributeComments(false);
        ParseResult<CompilationUnit> result = new JavaParser(config).parse(source);
        if (!result.isSuccessful() || result.getResult().isEmpty()) {
            Problem p = result.getProblems().get(0);
            int line = 1;
            int column = 1;
            if (p.getLocation().isPresent() && p.getLocation().get().getBegin().getRange().isPresent()) {
                var begin = p.getLocation().get().getBegin().getRange().get().begin;
                line = begin.line;
                column = begin.column;
            }
            throw new TranslationException(line, column, "syntax error: " + firstLine(p.getMessage()));
        }
        List<LineComment> comments = result.getCommentsCollection()
                .map(c -> c.getLineComments().stream()
                        .filter(lc -> lc.getRange().isPresent())
                        .sorted(Comparator.comparing(lc -> lc.getRange().get().begin))
                        .toList())
                .orElse(List.of());
        return new JavaSource(new SourceText(source), result.getResult().get(), comments);
    }

    private static LanguageLevel level(int release) {
        return release == 8 ? LanguageLevel.JAVA_8 : LanguageLevel.valueOf("JAVA_" + release);
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    public SourceText text() {
        return text;
    }

    public CompilationUnit unit() {
        return unit;
    }

    /** Every line comment of the file in source order. */
    public List<LineComment> lineComments() {
        return lineComments;
    }
}
