package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CoreBindingTest {
    @Test
    void eachJvmGetsTheNextCoresInOrderOrNoneWhenTheyDoNotFit() {
        assertEquals(List.of("0", "1"), CoreBinding.plan(2, 1, List.of(0, 1)));
        assertEquals(List.of("4,5", "6,7"), CoreBinding.plan(2, 2, List.of(4, 5, 6, 7)));
        assertEquals(List.of("2", "5"), CoreBinding.plan(2, 1, List.of(2, 5, 9)));
        assertEquals(List.of(), CoreBinding.plan(3, 1, List.of(0, 1)));
        assertEquals(List.of(), CoreBinding.plan(2, 2, List.of(0, 1, 2)));
    }

    @Test
    void tasksetIsFoundOnThePathOnlyWhereAnExecutableOfThatNameIs(@TempDir Path dir) throws IOException {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        assertNull(CoreBinding.taskset(bin.toString()));
        assertNull(CoreBinding.taskset(null));
        Path taskset = Files.writeString(bin.resolve("taskset"), "#!/bin/sh\n");
        assertNull(CoreBinding.taskset(bin.toString()), "not executable");
        assertTrue(taskset.toFile().setExecutable(true));
        assertEquals(taskset.toString(),
                CoreBinding.taskset(dir.resolve("empty") + File.pathSeparator + bin));
    }
}
