package org.jomp.examples.msgbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jomp.examples.peers.PeerScript;

/**
 * Open MPI's figures on this machine, as printed by {@code shared/peers/run.sh mpi}: a section per transport
 * ({@code == Open MPI, shared memory ...} and {@code == Open MPI, TCP ...}), each with ping-pong lines
 * ({@code pingpong  1048576 B  median 96.1 us ...}) and 8-byte collectives at 2 ranks
 * ({@code Barrier  -  median 0.18 us ...}); and by this module's {@code peers/run.sh mpi}: a section per transport
 * and rank count ({@code == Open MPI collectives, TCP ...}) with a line per collective and size
 * ({@code coll op=allreduce bytes=8 ranks=4 median 65.2 us ...}). Medians in microseconds, keyed by transport
 * ("shm" or "tcp") and test.
 */
final class MpiPeers {
    private static final Pattern SECTION = Pattern.compile("^== Open MPI(?: collectives)?, (shared memory|TCP)");
    private static final Pattern COLL_AT = Pattern.compile(
            "^coll op=([a-z]+) bytes=(\\d+) ranks=(\\d+) median ([0-9.]+) us");
    private static final Pattern PING = Pattern.compile("^pingpong\\s+(\\d+) B\\s+median\\s+([0-9.]+) us");
    private static final Pattern SAMPLE = Pattern.compile(
            "^sample op=([a-z]+) bytes=(\\d+) ranks=(\\d+) us=([0-9.]+) (line|copy)=(\\d+),(\\d+)");
    private static final Pattern COLL = Pattern.compile("^(Barrier|Bcast\\(8B\\)|Allreduce\\(8B\\))\\s+-\\s+median\\s+"
            + "([0-9.]+) us");

    /** Each point's medians, one per run of a script that measured it ({@link #pairedPingPongs} and the last). */
    private final Map<String, List<Double>> values = new HashMap<>();
    /** Samples bracketed by line probes ({@code LINE_PROBE=1}), keyed by {@link #probedKey}. */
    private final Samples probed = new Samples();
    /** Samples bracketed by copy probes ({@code COPY_PROBE=1}), keyed the same way. */
    private final Samples copied = new Samples();
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
                p.value(transport + "/pingpong/" + m.group(1), Double.parseDouble(m.group(2)));
            } else if ((m = COLL.matcher(l)).find()) {
                String test = m.group(1).replaceFirst("\\(8B\\)", "").toLowerCase(java.util.Locale.ROOT);
                p.value(transport + "/" + test, Double.parseDouble(m.group(2)));
            } else if ((m = SAMPLE.matcher(l)).find()) {
                String key = probedKey(transport, m.group(1), Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)));
                double us = Double.parseDouble(m.group(4));
                double before = Double.parseDouble(m.group(6));
                double after = Double.parseDouble(m.group(7));
                if (m.group(5).equals("copy")) {
                    p.copied.addCopied(key, us, before, after);
                } else {
                    p.probed.add(key, us, before, after);
                }
            } else if ((m = COLL_AT.matcher(l)).find()) {
                p.value(collKey(transport, m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))),
                        Double.parseDouble(m.group(4)));
            }
        }
        return p;
    }

    /**
     * Runs {@code script mpi} (ping-pong and 2-rank 8-byte collectives; it builds the C program, installing Open MPI
     * if needed), the {@link #largePingPongs} of {@code sizes}, then {@code collScript mpi collSizes...}
     * with {@code RANKS} set to {@code ranks} (the collectives at every rank count and size msgbench measures; with
     * {@code lineProbe}, {@code LINE_PROBE=1} too: the samples of its small points at 2 ranks bracketed by line
     * probes), and parses the outputs after {@code paired}, the output of the {@link #pairedRun}s and
     * {@link #pairedPingPongs} taken earlier in the sitting. Open MPI busy-polls, so on a loaded machine it can run
     * for very long: past {@code limitSeconds} a script and everything it started are killed and whatever it printed
     * so far is used.
     */
    static MpiPeers run(Path script, Path collScript, List<Integer> ranks, List<Integer> collSizes, boolean lineProbe,
                        List<Integer> sizes, long limitSeconds, String paired) throws IOException,
            InterruptedException {
        StringBuilder text = new StringBuilder(paired);
        StringBuilder source = new StringBuilder();
        runScript(List.of(script.toString(), "mpi"), Map.of(), limitSeconds, text, source);
        largePingPongs(collScript, sizes, limitSeconds, text, source);
        StringBuilder rankList = new StringBuilder();
        ranks.forEach(n -> rankList.append(rankList.length() == 0 ? "" : " ").append(n));
        Map<String, String> env = lineProbe ? Map.of("RANKS", rankList.toString(), "LINE_PROBE", "1")
                : Map.of("RANKS", rankList.toString());
        runScript(collCommand(collScript, collSizes), env, limitSeconds, text, source);
        if (!paired.isEmpty()) {
            source.append(", both also after each run's JOMP jobs");
        }
        return parse(text.toString(), source.toString());
    }

    /**
     * Open MPI's probed points at 2 ranks ({@code collScript mpi collSizes...} with {@code RANKS=2 LINE_PROBE=1}),
     * run just after JOMP's 2-rank shm job of each run, so that Open MPI's samples meet the host's placements of the
     * two cores in the same minutes as JOMP's: the host moves them every 10 s to 3 min, and a single run of Open MPI
     * at the end of a sitting met only one placement in several sittings (docs/benchmarks-msg-log.md). Returns the
     * output, for {@link #run}.
     */
    static String pairedRun(Path collScript, List<Integer> collSizes, long limitSeconds)
            throws IOException, InterruptedException {
        StringBuilder text = new StringBuilder();
        runScript(collCommand(collScript, collSizes), Map.of("RANKS", "2", "LINE_PROBE", "1"), limitSeconds, text,
                new StringBuilder());
        return text.toString();
    }

    /**
     * Open MPI's collectives at {@code ranks} ranks over {@code transport} ("shm" or "tcp"; {@code collScript mpi
     * collSizes...} with {@code RANKS} and {@code TRANSPORTS} set), run just after JOMP's job of that transport and
     * rank count in each run: the host's fast and slow minutes then fall on both alike, where a single run of Open
     * MPI at the end of a sitting met one of them while JOMP's figures pooled every run's (the same 4 MiB ring of
     * plain Java threads crossed in 200 µs one way and, minutes later, in 1 ms: docs/benchmarks-msg-log.md). Each
     * point's figure is then the median of its runs' medians. Returns the output, for {@link #run}.
     */
    static String pairedCollectives(Path collScript, List<Integer> collSizes, int ranks, String transport,
                                    long limitSeconds) throws IOException, InterruptedException {
        StringBuilder text = new StringBuilder();
        runScript(collCommand(collScript, collSizes), Map.of("RANKS", Integer.toString(ranks), "TRANSPORTS",
                transport), limitSeconds, text, new StringBuilder());
        return text.toString();
    }

    /** {@code collScript mpi collSizes...}. */
    private static List<String> collCommand(Path collScript, List<Integer> collSizes) {
        List<String> coll = new ArrayList<>(List.of(collScript.toString(), "mpi"));
        collSizes.forEach(b -> coll.add(Integer.toString(b)));
        return coll;
    }

    /**
     * The points of JOMP's 2-rank socket job, run just after it in each run: {@code shared/peers}' ping-pongs
     * ({@code script mpi}: shared memory and TCP, 1 B to 8 MB, about 70 s), the {@link #largePingPongs} of
     * {@code sizes}, and the collectives of {@code collSizes} over TCP ({@code collScript mpi collSizes...} with
     * {@code RANKS=2 TRANSPORTS=tcp COPY_PROBE=1}: each sample of 1 MiB or more bracketed by two copy probes,
     * {@link #bySpeed}). Open MPI's socket figures come in phases as JOMP's do (its 1 MB TCP ping-pong read 195 µs
     * one way in one sitting and 395-470 in the others; its 1 MB bcast at 2 ranks 560.8 µs in one sitting, when
     * JOMP's read 64.0), and a single run at the end of a sitting meets one of them. Each point's figure is then the
     * median of its runs' medians. Returns the output, for {@link #run}.
     */
    static String pairedSocketPoints(Path script, Path collScript, List<Integer> sizes, List<Integer> collSizes,
                                     long limitSeconds) throws IOException, InterruptedException {
        StringBuilder text = new StringBuilder();
        runScript(List.of(script.toString(), "mpi"), Map.of(), limitSeconds, text, new StringBuilder());
        largePingPongs(collScript, sizes, limitSeconds, text, new StringBuilder());
        runScript(collCommand(collScript, collSizes), Map.of("RANKS", "2", "TRANSPORTS", "tcp", "COPY_PROBE", "1"),
                limitSeconds, text, new StringBuilder());
        return text.toString();
    }

    /**
     * The ping-pongs of {@code sizes} of 1 MB or more, by {@code collScript mpi pingpong sizes...} at 2 ranks with
     * {@code COPY_PROBE=1}: each sample bracketed by two copy probes ({@link #bySpeed}). Where {@code shared/peers}
     * has no figure (it measures 1 and 8 MB), their medians are the ones msgbench judges its socket bandwidth against
     * ({@link #pingPong}): Open MPI's TCP bandwidth falls with the size as JOMP's does (1 MB 3.84 GB/s, 16 MB 2.81 in
     * one run), and its 1 MB figure, which stood in before, asked more of the larger messages than Open MPI itself
     * reaches.
     */
    private static void largePingPongs(Path collScript, List<Integer> sizes, long limitSeconds, StringBuilder text,
                                       StringBuilder source) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(collScript.toString(), "mpi", "pingpong"));
        for (int b : sizes) {
            if (b >= RankProgram.COPY_PROBED_BYTES) {
                command.add(Integer.toString(b));
            }
        }
        if (command.size() > 3) {
            runScript(command, Map.of("RANKS", "2", "COPY_PROBE", "1"), limitSeconds, text, source);
        }
    }

    private static void runScript(List<String> args, Map<String, String> env, long limitSeconds, StringBuilder text,
                                  StringBuilder source) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash"));
        command.addAll(args);
        String name = args.get(0) + " " + args.get(1);
        PeerScript.Run run = PeerScript.run(name, command, env, limitSeconds);
        text.append(run.output()).append('\n');
        source.append(source.length() == 0 ? "" : " + ").append(name)
                .append(run.finished() ? "" : " (stopped after " + limitSeconds + " s: the figures it had printed)");
    }

    /**
     * Ping-pong one-way median of Open MPI over {@code transport} ("shm" or "tcp") at {@code bytes}: of all the
     * probed 1-byte samples at 2 ranks where there are some (every run of the sitting, like JOMP's), else of
     * {@code shared/peers}' runs, else of the {@link #largePingPongs}.
     */
    OptionalDouble pingPong(String transport, int bytes) {
        OptionalDouble pooled = probed.median(probedKey(transport, "pingpong", bytes, 2));
        if (pooled.isPresent()) {
            return pooled;
        }
        OptionalDouble shared = get(transport + "/pingpong/" + bytes);
        return shared.isPresent() ? shared : get(collKey(transport, "pingpong", bytes, 2));
    }

    /** The 8-byte collective {@code test} ("barrier", "bcast", "allreduce") at 2 ranks. */
    OptionalDouble collective(String transport, String test) {
        return get(transport + "/" + test);
    }

    /**
     * The collective {@code op} of {@code bytes} (barrier: 0) at {@code ranks} ranks: the median of all its probed
     * samples where there are some (the small points at 2 ranks, from every run of the sitting), else this module's
     * script's median; at 2 ranks and 8 bytes or less, {@code shared/peers}' figure when neither measured the point.
     */
    OptionalDouble collective(String transport, String op, int bytes, int ranks) {
        OptionalDouble pooled = probed.median(probedKey(transport, op, bytes, ranks));
        if (pooled.isPresent()) {
            return pooled;
        }
        OptionalDouble v = get(collKey(transport, op, bytes, ranks));
        return v.isPresent() || ranks != 2 || bytes > 8 || op.equals("allgather") ? v : collective(transport, op);
    }

    /**
     * Open MPI's samples of {@code op} ("pingpong" of 1 byte, or a collective) at {@code bytes} and {@code ranks}
     * over {@code transport} that were taken with the cores near each other or far apart ({@link Samples#placed}).
     */
    List<Double> placed(String transport, String op, int bytes, int ranks, boolean near) {
        return probed.placed(probedKey(transport, op, bytes, ranks), near);
    }

    /**
     * Open MPI's samples of {@code op} ("pingpong" or a collective) of {@code bytes} at 2 ranks over
     * {@code transport} that were taken while the host copied between the cores fast or slowly
     * ({@link Samples#bySpeed}).
     */
    List<Double> bySpeed(String transport, String op, int bytes, boolean fast) {
        return copied.bySpeed(probedKey(transport, op, bytes, 2), fast);
    }

    private static String probedKey(String transport, String op, int bytes, int ranks) {
        return Samples.key(transport, op, "-", bytes, ranks);
    }

    private static String collKey(String transport, String op, int bytes, int ranks) {
        return transport + "/" + op + "/" + bytes + "/" + ranks;
    }

    private void value(String key, double micros) {
        values.computeIfAbsent(key, k -> new ArrayList<>()).add(micros);
    }

    /** The median of the point's medians over the runs that measured it. */
    private OptionalDouble get(String key) {
        List<Double> v = values.get(key);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(Samples.median(v));
    }

    boolean isEmpty() {
        return values.isEmpty();
    }

    String source() {
        return source;
    }
}
