package org.jomp.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranslationStateTest {

    @TempDir
    Path dir;

    @Test
    void roundTripsEntriesUnderTheSameFingerprint() throws IOException {
        Path file = dir.resolve("status/main.state");
        TranslationState state = new TranslationState("release=17");
        state.put(new TranslationState.Entry("a/B.java", dir.resolve("src/a/B.java"), "00ff", true));
        state.put(new TranslationState.Entry("C.java", dir.resolve("src/C.java"), "abcd", false));
        state.save(file);

        TranslationState loaded = TranslationState.load(file, "release=17");
        assertEquals(state.entries(), loaded.entries());
    }

    @Test
    void anotherFingerprintForgetsEverything() throws IOException {
        Path file = dir.resolve("main.state");
        TranslationState state = new TranslationState("release=17");
        state.put(new TranslationState.Entry("C.java", dir.resolve("C.java"), "abcd", true));
        state.save(file);

        assertTrue(TranslationState.load(file, "release=21").entries().isEmpty());
    }

    @Test
    void aMissingOrDamagedFileIsAnEmptyState() throws IOException {
        assertTrue(TranslationState.load(dir.resolve("none.state"), "f").entries().isEmpty());
        Path damaged = dir.resolve("damaged.state");
        Files.writeString(damaged, "fingerprint\tf\nnot a record\n", StandardCharsets.UTF_8);
        assertTrue(TranslationState.load(damaged, "f").entries().isEmpty());
        Path older = dir.resolve("older.state");
        Files.writeString(older, "fingerprint\tf\nabcd\tC.java\t/src/C.java\n", StandardCharsets.UTF_8);
        assertTrue(TranslationState.load(older, "f").entries().isEmpty(), "a record without its kind");
    }
}
