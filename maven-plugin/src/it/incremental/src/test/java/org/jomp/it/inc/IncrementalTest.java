package org.jomp.it.inc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IncrementalTest {

    @Test
    void theCompiledCodeIsTheTranslationOfTheCurrentSources() {
        assertEquals(55, Unchanged.triangle(10));
        // 10 before the edit, 20 after it: the second build must compile the new translation.
        long v = Changed.version();
        assertTrue(v == 10 || v == 20, "Changed.version() = " + v);
        System.out.println("Changed.version() = " + v);
    }
}
