package org.jomp.examples.annotated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.jomp.examples.mandelbrot.MandelbrotAnnotated;
import org.jomp.examples.mandelbrot.MandelbrotProblem;
import org.jomp.examples.mandelbrot.MandelbrotSequential;
import org.jomp.examples.pi.PiAnnotated;
import org.jomp.examples.pi.PiProblem;
import org.jomp.examples.pi.PiSequential;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The annotation versions of the examples: the build translated them (their classes call the thread-team
 * runtime, which the annotation-free sequential program never does), and they compute the sequential answer at
 * 1, 2 and 4 threads.
 */
class AnnotatedExamplesTest {
    private static final PiProblem PI = new PiProblem(9L * PiProblem.CHUNK + 77, 5);
    private static final MandelbrotProblem SET = MandelbrotProblem.wholeSet(61, 37, 200);

    @Test
    void theBuildTranslatedTheAnnotatedLoops() throws IOException {
        for (Class<?> c : new Class<?>[] {PiAnnotated.class, MandelbrotAnnotated.class}) {
            assertTrue(constantPool(c).contains("org/jomp/runtime/Omp"), c.getName() + " does not call the runtime:"
                    + " the annotation was not translated");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void piMatchesTheSequentialAnswer(int threads) {
        assertEquals(PiSequential.estimate(PI), PiAnnotated.estimate(PI, threads));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void mandelbrotMatchesTheSequentialAnswer(int threads) {
        assertArrayEquals(MandelbrotSequential.compute(SET), MandelbrotAnnotated.compute(SET, threads));
    }

    /** The class file's bytes as Latin-1 text: class names in its constant pool appear as they are. */
    private static String constantPool(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
