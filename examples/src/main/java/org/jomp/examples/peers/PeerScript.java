package org.jomp.examples.peers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs one of the C reference scripts ({@code shared/peers/run.sh}, {@code examples/peers/run.sh}) that bin/epcc
 * and bin/jomp-msgbench read their libgomp and Open MPI figures from. The output goes to a file, not a pipe, so a
 * script that runs past its limit can be stopped, with everything it started, and what it printed so far kept.
 */
public final class PeerScript {
    /** What a run printed; {@code finished} is false when it was stopped at its limit. */
    public record Run(String output, boolean finished) {
    }

    private PeerScript() {
    }

    /**
     * Runs {@code command} with {@code env} added and {@code PEERS_OUT} set to a fresh build directory, removed
     * after the run.
     *
     * @param name how errors name the run
     * @throws IOException if the script finished with a non-zero status (its output included)
     */
    public static Run run(String name, List<String> command, Map<String, String> env, long limitSeconds)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("jomp-peers", ".txt");
        Path build = Files.createTempDirectory("jomp-peers");
        try {
            ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
            b.environment().put("PEERS_OUT", build.toString());
            b.environment().putAll(env);
            Process p = b.start();
            boolean finished = p.waitFor(limitSeconds, TimeUnit.SECONDS);
            if (!finished) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (finished && p.exitValue() != 0) {
                throw new IOException(name + " exited with " + p.exitValue() + ":\n" + output);
            }
            return new Run(output, finished);
        } finally {
            Files.deleteIfExists(log);
            deleteTree(build);
        }
    }

    /** Removes the build directory and the binaries the script compiled into it. */
    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
