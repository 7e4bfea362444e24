package org.jomp.examples.msgbench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Open MPI's figures on this machine, as printed by {@code shared/peers/run.sh mpi}: a section per transport
 * ({@code == Open MPI, shared memory ...} and {@code == Open MPI, TCP ...}), each with ping-pong lines
 * ({@code pingpong  1048576 B  median 96.1 us ...}) and 8-byte collectives at 2 ranks
 * ({@code Barrier  -  median 0.18 us ...}). Medians in microseconds, keyed by transport ("shm" or "tcp") and test.
 */
final class MpiPeers {
    private static final Pattern SECTION = Pattern.compile("^== Open MPI, (shared memory|TCP)");
    private static final Pattern PING = Pattern.compile("^pingpong\\s+(\\d+) B\\s+median\\s+([0-9.]+) us");
    private static final Pattern COLL = Pattern.compile("^(Barrier|Bcast\\(8B\\)|Allreduce\\(8B\\))\\s+-\\s+median\\s+"
            + "([0-9.]+) us");

    private final Map<String, Double> values = new HashMap<>();
    private final String source;

    private MpiPeers(String source) {
        this.source = source;
    }

    static MpiPeers none() {
        return new MpiPeers("not measured (pass --with-peers)");
    }

    /** Parses the output of {@code run.sh mpi}. */
    static MpiPeers parse(String text, String source) {
        MpiPeers p = new MpiPeers(source);
        String transport = null;
        for (String line : text.split("\\R")) {
            String l = line.trim();
            Matcher m = SECTION.matcher(l);
            if (m.find()) {
                transport = m.group(1).equals("TCP") ? "tcp" : "shm";
                continue;
            }
            if (transport == null) {
                continue;
            }
            if ((m = PING.matcher(l)).find()) {
                p.values.put(transport + "/pingpong/" + m.group(1), Double.parseDouble(m.group(2)));
            } else if ((m = COLL.matcher(l)).find()) {
                String test = m.group(1).replaceFirst("\\(8B\\)", "").toLowerCase(java.util.Locale.ROOT);
                p.values.put(transport + "/" + test, Double.parseDouble(m.group(2)));
            }
        }
        return p;
    }

    /**
     * Runs {@code script mpi} (which builds the C program, installing Open MPI if needed) and parses its output.
     * Open MPI busy-polls, so on a loaded machine it can run for very long: past {@code limitSeconds} the script
     * and everything it started are killed and whatever it printed so far is used.
     */
    static MpiPeers run(Path script, long limitSeconds) throws IOException, InterruptedException {
        Path log = Files.createTempFile("jomp-peers", ".txt");
        ProcessBuilder b = new ProcessBuilder("bash", script.toString(), "mpi").redirectErrorStream(true)
                .redirectOutput(log.toFile());
        b.environment().put("PEERS_OUT", Files.createTempDirectory("jomp-peers").toString());
        Process p = b.start();
        boolean finished = p.waitFor(limitSeconds, TimeUnit.SECONDS);
        if (!finished) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String text = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        if (finished && p.exitValue() != 0) {
            throw new IOException(script + " mpi exited with " + p.exitValue() + ":\n" + text);
        }
        return parse(text, script + " mpi" + (finished ? "" : " (stopped after " + limitSeconds
                + " s: the figures it had printed)"));
    }

    /** Ping-pong one-way median of Open MPI over {@code transport} ("shm" or "tcp") at {@code bytes}. */
    OptionalDouble pingPong(String transport, int bytes) {
        return get(transport + "/pingpong/" + bytes);
    }

    /** The 8-byte collective {@code test} ("barrier", "bcast", "allreduce") at 2 ranks. */
    OptionalDouble collective(String transport, String test) {
        return get(transport + "/" + test);
    }

    private OptionalDouble get(String key) {
        Double v = values.get(key);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    boolean isEmpty() {
        return values.isEmpty();
    }

    String source() {
        return source;
    }
}
