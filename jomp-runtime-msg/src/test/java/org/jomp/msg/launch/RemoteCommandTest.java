package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Scanner;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command jomprun gives ssh for a remote rank, run here through a real shell as sshd would run it, with the job
 * secret as the first line of its standard input, as jomprun writes it.
 */
class RemoteCommandTest {
    @TempDir
    Path dir;

    /** Prints its working directory, the rank's variables, its first line of input and its arguments, one per line. */
    public static final class ShowApp {
        public static void main(String[] args) {
            System.out.println("dir=" + Path.of("").toAbsolutePath());
            System.out.println("rank=" + System.getenv("JOMP_RANK"));
            System.out.println("secret=" + System.getenv("JOMP_JOB_SECRET"));
            System.out.println("stdin=" + new Scanner(System.in, StandardCharsets.UTF_8).nextLine());
            for (String a : args) {
                System.out.println("arg=" + a);
            }
        }
    }

    @Test
    void wordsReachTheRankExactlyWhateverTheyContain() throws Exception {
        Path odd = java.nio.file.Files.createDirectories(dir.resolve("it's a dir"));
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        String remote = Jomprun.remoteCommand(odd.toString(), Map.of("JOMP_RANK", "3"),
                List.of(java, "-cp", System.getProperty("java.class.path"), ShowApp.class.getName(), "two words",
                        "$HOME", "quote'inside", "*"));
        String secret = " a b$c'd\\ ";
        assertFalse(remote.contains("a b$c"), "the secret is not on the command line: " + remote);
        Process p = new ProcessBuilder("sh", "-c", remote).redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write((secret + "\nthe rank's own input\n").getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        assertEquals(List.of("dir=" + odd, "rank=3", "secret=" + secret, "stdin=the rank's own input", "arg=two words",
                "arg=$HOME", "arg=quote'inside", "arg=*"), out.lines().toList());
    }
}
