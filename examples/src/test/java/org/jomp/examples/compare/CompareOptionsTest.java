package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

class CompareOptionsTest {
    private static final List<String> KNOWN = List.of("floyd", "lufact");

    @Test
    void quickChangesTheDefaultRepetitionsAndSizesAreByName() {
        CompareOptions o = CompareOptions.parse(new String[] {"--quick", "--sizes", "lufact=300", "--only",
            "floyd,lufact"}, KNOWN);
        assertTrue(o.quick());
        assertEquals(Map.of("lufact", 300), o.sizes());
        assertEquals(Set.of("floyd", "lufact"), o.only());
        assertEquals(1, o.warmup());
        assertEquals(3, o.repeat());
        CompareOptions full = CompareOptions.parse(new String[] {"--repeat", "7"}, KNOWN);
        assertEquals(2, full.warmup());
        assertEquals(7, full.repeat());
    }

    @Test
    void badInputSaysWhatAndWhere() {
        assertEquals("jomp-compare: --only: no example named 'flyod' (known: floyd, lufact)",
                message("--only", "flyod"));
        assertEquals("jomp-compare: --sizes takes name=N items, got 'lufact'", message("--sizes", "lufact"));
        assertEquals("jomp-compare: --sizes lufact must be an integer, got 'big'", message("--sizes", "lufact=big"));
        assertEquals("jomp-compare: --repeat must be a positive integer, got 0", message("--repeat", "0"));
        assertEquals("jomp-compare: option --repeat needs a value", message("--repeat"));
        assertTrue(message("--fast").startsWith("jomp-compare: option --fast needs a value"));
        assertTrue(message("--fast", "1").startsWith("jomp-compare: unknown option --fast"));
    }

    private static String message(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> CompareOptions.parse(args, KNOWN)).getMessage();
    }
}
