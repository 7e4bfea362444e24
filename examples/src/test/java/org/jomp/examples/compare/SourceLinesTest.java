package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SourceLinesTest {
    @Test
    void dropsCommentsAndBlankLinesButKeepsDirectives() {
        String source = """
                /** Javadoc
                 * over two lines. */
                class A {   // trailing comment

                    //omp parallel for
                    // an ordinary comment
                    //mpi bcast(x)
                    //ompx is not a directive
                    int   x  =  1; /* inline */ int y = 2;
                }
                """;
        assertEquals(List.of("class A {", "//omp parallel for", "//mpi bcast(x)", "int x = 1; int y = 2;", "}"),
                SourceLines.of(source));
    }

    @Test
    void commentMarkersInsideLiteralsAreCode() {
        String source = """
                String url = "http://x/*y*/";
                char c = '/'; char q = '"';
                String block = \"""
                    // not a comment
                    \""";
                """;
        assertEquals(List.of("String url = \"http://x/*y*/\";", "char c = '/'; char q = '\"';",
                "String block = \"\"\"", "// not a comment", "\"\"\";"), SourceLines.of(source));
    }

    @Test
    void unterminatedCommentNamesItsLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SourceLines.of("class A {\n  int x;\n  /* open\n}\n"));
        assertTrue(e.getMessage().contains("unterminated comment starting at line 3"), e.getMessage());
    }

    @Test
    void unterminatedStringNamesItsLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SourceLines.of("class A {\n  String s = \"open;\n}\n"));
        assertTrue(e.getMessage().contains("unterminated literal at line 2"), e.getMessage());
    }
}
