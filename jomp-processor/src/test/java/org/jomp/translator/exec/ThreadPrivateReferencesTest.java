package org.jomp.translator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jomp.translator.Diagnostic;
import org.jomp.translator.ThreadPrivateFields;
import org.jomp.translator.Translation;
import org.jomp.translator.Translator;
import org.jomp.translator.TranslatorOptions;
import org.junit.jupiter.api.Test;

/**
 * Which names of another file stand for a threadprivate field of {@code pkg.Tp} (or of its member class
 * {@code pkg.Tp.Inner}): those that resolve to it, by import, package or full name, are rewritten; a class of the
 * same simple name elsewhere, or a field or local that hides a static import, is left alone. Each translation is
 * compiled with the translated {@code Tp}.
 */
class ThreadPrivateReferencesTest {

    private static final String TP = """
            package pkg;

            public class Tp {
                //omp threadprivate(counter)
                public static int counter;

                public static class Inner {
                    //omp threadprivate(x)
                    public static int x;
                }
            }
            """;
    private static final String OTHER_TP = """
            package other;

            public class Tp {
                public static int counter;
                public static int x;
            }
            """;
    private static final Translator TRANSLATOR = new Translator(TranslatorOptions.defaults()
            .withThreadPrivate(ThreadPrivateFields.scan(List.of(TP, OTHER_TP), 17)));

    @Test
    void theTreeKnowsTheFieldsByClass() {
        ThreadPrivateFields fields = ThreadPrivateFields.scan(List.of(TP, OTHER_TP), 17);
        assertEquals("int", fields.type("pkg.Tp", "counter"));
        assertEquals("int", fields.type("pkg.Tp.Inner", "x"));
        assertEquals(null, fields.type("other.Tp", "counter"));
        assertEquals("pkg.Tp$$Jomp.Inner", fields.withTopLevelSuffix("$$Jomp").writtenName("pkg.Tp.Inner"));
    }

    @Test
    void onDemandImportsAndSingleTypeImportsOfAMemberClassResolve() {
        String source = """
                package use;

                import pkg.*;
                import pkg.Tp.Inner;

                class Use {
                    static int f() {
                        Tp.counter = 4;
                        Inner.x += Tp.counter;
                        return Inner.x + pkg.Tp.Inner.x;
                    }
                }
                """;
        String out = compiles(source);
        assertTrue(out.contains("Tp.counter.set(4);"), out);
        assertTrue(out.contains("Inner.x.set(Inner.x.get() + (Tp.counter.get()));"), out);
        assertTrue(out.contains("return Inner.x.get() + pkg.Tp.Inner.x.get();"), out);
    }

    @Test
    void aClassOfTheSameSimpleNameInAnotherPackageIsNotTheDeclaringClass() {
        String out = compiles("""
                package use;

                import other.Tp;

                class Use {
                    static int f() {
                        Tp.counter++;
                        pkg.Tp.counter++;
                        return Tp.counter + other.Tp.x + pkg.Tp.counter;
                    }
                }
                """);
        assertTrue(out.contains("        Tp.counter++;\n        pkg.Tp.counter.set(pkg.Tp.counter.get() + 1);\n"
                + "        return Tp.counter + other.Tp.x + pkg.Tp.counter.get();"), out);
    }

    @Test
    void aFieldOrLocalOfTheSameNameHidesTheStaticImport() {
        String out = compiles("""
                package use;

                import static pkg.Tp.counter;
                import static pkg.Tp.Inner.*;

                class Use {
                    static int x;

                    static int f(int counter) {
                        x++;
                        return counter + x;
                    }

                    static int g() {
                        counter++;
                        return counter;
                    }
                }
                """);
        assertTrue(out.contains("x++;\n        return counter + x;"), out);
        assertTrue(out.contains("counter.set(counter.get() + 1);\n        return counter.get();"), out);
    }

    @Test
    void aSingleStaticImportOfTheNameFromAnotherClassHidesTheOnDemandOne() {
        String out = compiles("""
                package use;

                import static pkg.Tp.*;
                import static other.Tp.counter;

                import pkg.Tp;

                class Use {
                    static int f() {
                        counter++;
                        Tp.counter++;
                        return counter;
                    }
                }
                """);
        assertTrue(out.contains("counter++;\n        Tp.counter.set(Tp.counter.get() + 1);\n        return counter;"),
                out);
    }

    @Test
    void aFieldOfANestedClassHidesTheDeclaringClassesField() {
        String source = """
                package pkg;

                public class Own {
                    //omp threadprivate(counter)
                    static int counter;

                    static class Nested {
                        static int counter;

                        static int f() {
                            counter = 2;
                            counter++;
                            return counter + Own.counter;
                        }
                    }
                }
                """;
        Translation t = TRANSLATOR.translate("Own.java", source);
        assertTrue(t.diagnostics().isEmpty(), t.diagnostics().toString());
        assertTrue(t.output().contains("counter = 2;\n            counter++;\n"
                + "            return counter + Own.counter.get();"), t.output());
        InMemoryCompiler.Result r = new InMemoryCompiler().compile("pkg/Own.java", t.output());
        assertTrue(r.ok(), () -> r.errors() + "\n" + t.output());
    }

    @Test
    void anAssignmentInsideAnExpressionIsAnErrorInTheOtherFileToo() {
        Translation t = TRANSLATOR.translate("Use.java", """
                package use;

                class Use {
                    static int f() {
                        return pkg.Tp.counter++;
                    }
                }
                """);
        assertEquals(1, t.diagnostics().size(), t.diagnostics().toString());
        Diagnostic d = t.diagnostics().get(0);
        assertEquals(5, d.line(), d.format());
        assertEquals(16, d.column(), d.format());
        assertEquals("threadprivate 'counter' may only be assigned in a statement of its own", d.message());
    }

    /** Translates {@code source}, compiles it with the translated Tp and the other Tp, and returns it. */
    private static String compiles(String source) {
        Translation t = TRANSLATOR.translate("Use.java", source);
        assertTrue(t.diagnostics().isEmpty(), t.diagnostics().toString());
        Map<String, String> files = new LinkedHashMap<>();
        files.put("pkg/Tp.java", TRANSLATOR.translate("Tp.java", TP).output());
        files.put("other/Tp.java", OTHER_TP);
        files.put("use/Use.java", t.output());
        for (InMemoryCompiler.Result r : new InMemoryCompiler().compileAll(files).values()) {
            assertTrue(r.ok(), () -> r.errors() + "\n" + files.get(r.fileName()));
        }
        return t.output();
    }
}
