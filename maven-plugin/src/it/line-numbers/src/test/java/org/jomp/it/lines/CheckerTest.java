package org.jomp.it.lines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class CheckerTest {

    @Test
    void theTopFrameNamesTheUsersFileAndLine() throws Exception {
        List<String> source = Files.readAllLines(Path.of("src/main/java/org/jomp/it/lines/Checker.java"));
        int throwLine = 0;
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains("// the throw line")) {
                throwLine = i + 1;
            }
        }
        int[] data = new int[1000];
        data[700] = -1;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Checker.check(data));
        StackTraceElement top = e.getStackTrace()[0];
        assertEquals("Checker.java", top.getFileName());
        assertEquals(throwLine, top.getLineNumber());
    }
}
