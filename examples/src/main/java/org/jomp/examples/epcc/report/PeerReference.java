package org.jomp.examples.epcc.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jomp.examples.peers.PeerScript;

/**
 * libgomp's overheads as printed by {@code shared/peers/run.sh omp} and by this module's {@code peers/run.sh omp}
 * (lines such as {@code threads=2 ref=0.103 PARALLEL=0.659 FOR=0.295 ... us}; the second script measures the tests
 * the first leaves out: SINGLE, LOCK, ORDERED, ATOMIC and schedbench's), kept as the median over all lines per team
 * size and test, so JOMP's figures can be read as a ratio against C measured in the same sitting.
 */
public final class PeerReference {
    private static final Pattern THREADS = Pattern.compile("\\bthreads=(\\d+)\\b");
    private static final Pattern VALUE = Pattern.compile("\\b([A-Z][A-Z0-9_]*)=(-?\\d+(?:\\.\\d+)?)");
    private static final long RUN_LIMIT_SECONDS = 300;

    private final Map<String, List<Double>> values = new HashMap<>();
    private final String source;

    private PeerReference(String source) {
        this.source = source;
    }

    public static PeerReference none() {
        return new PeerReference("none");
    }

    public static PeerReference read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("--peers " + file + ": no such file");
        }
        PeerReference peers = new PeerReference(file.toString());
        peers.parse(Files.readString(file, StandardCharsets.UTF_8));
        return peers;
    }

    /**
     * Runs {@code script omp args...} for every script once per team size (each reads THREADS from the environment;
     * {@code args} tell a script that takes them the delay, test time and schedbench sizes of this run) and parses
     * the output of all of them.
     */
    public static PeerReference run(List<Path> scripts, List<String> args, List<Integer> threads)
            throws IOException, InterruptedException {
        StringBuilder source = new StringBuilder();
        for (Path script : scripts) {
            source.append(source.length() == 0 ? "" : " + ").append(script).append(" omp");
        }
        PeerReference peers = new PeerReference(source.toString());
        for (Path script : scripts) {
            for (int n : threads) {
                peers.parse(runOnce(script, args, n));
            }
        }
        return peers;
    }

    private static String runOnce(Path script, List<String> args, int threads)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", script.toString(), "omp"));
        command.addAll(args);
        String name = script + " omp with THREADS=" + threads;
        PeerScript.Run run = PeerScript.run(name, command, Map.of("THREADS", Integer.toString(threads)),
                RUN_LIMIT_SECONDS);
        if (!run.finished()) {
            throw new IOException(name + " ran more than " + RUN_LIMIT_SECONDS + " s");
        }
        return run.output();
    }

    void parse(String text) {
        for (String line : text.split("\\R")) {
            Matcher t = THREADS.matcher(line);
            if (!t.find()) {
                continue;
            }
            int threads = Integer.parseInt(t.group(1));
            Matcher v = VALUE.matcher(line);
            while (v.find()) {
                values.computeIfAbsent(key(threads, v.group(1)), k -> new ArrayList<>())
                        .add(Double.parseDouble(v.group(2)));
            }
        }
    }

    private static String key(int threads, String construct) {
        return threads + "/" + construct;
    }

    /** The median libgomp overhead of an EPCC test name (e.g. PARALLEL_FOR) at a team size, if it was measured. */
    public OptionalDouble median(int threads, String construct) {
        List<Double> list = values.get(key(threads, construct));
        if (list == null || list.isEmpty()) {
            return OptionalDouble.empty();
        }
        double[] sorted = list.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int n = sorted.length;
        return OptionalDouble.of(n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]));
    }

    public String source() {
        return source;
    }
}
