package org.jomp.translator.prop;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.jomp.translator.exec.InMemoryCompiler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Found by the property test (seed 5112879367806): a local that an earlier region captures as it is, and that a
 * later construct writes back without the source ever assigning it, is no longer effectively final in the
 * translation; the earlier region must read it another way, or the translation does not compile.
 */
class WriteBackCompilesTest {

    private static final String PROGRAM = """
            public class WriteBack {
                public static void main(String[] args) {
                    long[] results = new long[4];
                    //omp parallel for
                    for (int i = 0; i < results.length; i++) {
                        results[i] = i;
                    }
                    //omp parallel sections CLAUSE
                    {
                        //omp section
                        results[0]++;
                        //omp section
                        results[1]++;
                    }
                    System.out.println(results[0] + results[1]);
                }
            }
            """;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lastprivate(results)", "firstprivate(results) lastprivate(results)"})
    void aLaterWriteBackKeepsTheTranslationCompiling(String clause) {
        String source = PROGRAM.replace("CLAUSE", clause);
        Translation t = new Translator(TranslatorOptions.defaults()).translate("WriteBack.java", source);
        assertFalse(t.hasErrors(), t.diagnostics().toString());
        InMemoryCompiler.Result compiled = new InMemoryCompiler().compile("WriteBack.java", t.output());
        assertTrue(compiled.ok(), compiled.errors() + "\n" + t.output());
    }
}
