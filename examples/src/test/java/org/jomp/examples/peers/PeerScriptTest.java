package org.jomp.examples.peers;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PeerScriptTest {
    /** The script prints where it built; that directory, and what it compiled there, is gone afterwards. */
    @Test
    void buildDirectoryIsRemovedAfterTheRun() throws Exception {
        PeerScript.Run run = PeerScript.run("test script", List.of("sh", "-c",
                "mkdir \"$PEERS_OUT/bin\" && echo built > \"$PEERS_OUT/bin/peer\" && echo \"out=$PEERS_OUT\""),
                Map.of(), 30);
        assertTrue(run.finished());
        String line = run.output().lines().filter(l -> l.startsWith("out=")).findFirst().orElseThrow();
        Path build = Path.of(line.substring("out=".length()));
        assertTrue(build.getFileName().toString().startsWith("jomp-peers"), line);
        assertFalse(Files.exists(build), build + " is left behind");
    }

    @Test
    void failingScriptReportsItsOutputAndCleansUp() {
        IOException e = assertThrows(IOException.class, () -> PeerScript.run("test script",
                List.of("sh", "-c", "echo \"out=$PEERS_OUT\"; echo broken >&2; exit 3"), Map.of(), 30));
        assertTrue(e.getMessage().contains("test script exited with 3"), e.getMessage());
        assertTrue(e.getMessage().contains("broken"), e.getMessage());
        String line = e.getMessage().lines().filter(l -> l.startsWith("out=")).findFirst().orElseThrow();
        assertFalse(Files.exists(Path.of(line.substring("out=".length()))));
    }
}
