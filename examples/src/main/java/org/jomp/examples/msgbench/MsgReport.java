package org.jomp.examples.msgbench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The benchmark's tables: ping-pong per transport beside its floor and Open MPI, the collectives on every
 * transport, and the issue's targets with met / not met. Ratios are JOMP's figure over the baseline's, both
 * measured in this run (Open MPI only with --with-peers; otherwise targets use the issue's figures).
 */
final class MsgReport {
    /** The issue's targets on the 2-core machine, used when Open MPI was not measured in this run. */
    private static final double SHM_1B_MICROS = 0.16;
    private static final double SHM_8MB_GBPS = 20;
    private static final double TCP_1B_MICROS = 6.5;
    private static final double TCP_1MB_GBPS = 7.5;
    static final List<String> COLLECTIVES = List.of("barrier", "bcast", "allreduce", "allgather");
    /** This machine's cores: jobs of more ranks share them by design, so their waits for a core say nothing. */
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    /** The fewest samples with the core that {@link #targetsByCore} judges a point by. */
    private static final int MIN_WITH_CORE = 3;

    /** The 2-rank shm points a line probe brackets (RankProgram --line-probe): test, JOMP type, bytes. */
    private static final List<String[]> PROBED = List.of(new String[] {"pingpong", "byte", "1"},
            new String[] {"barrier", "-", "0"}, new String[] {"bcast", "double", "8"},
            new String[] {"allreduce", "double", "8"}, new String[] {"allgather", "double", "8"});

    private final MsgBenchOptions options;
    private final Samples samples;
    private final MpiPeers peers;
    private final PrintStream out;

    MsgReport(MsgBenchOptions options, Samples samples, MpiPeers peers, PrintStream out) {
        this.options = options;
        this.samples = samples;
        this.peers = peers;
        this.out = out;
    }

    void print() {
        out.println();
        out.println("Open MPI: " + peers.source());
        for (String t : options.transports()) {
            pingPong(t);
        }
        collectives();
        byPlacement();
        bySpeed();
        byCore();
        targets();
    }

    /**
     * The collectives of jobs with no more ranks than cores, over the samples in which every rank had its core
     * ({@link CoreWait}): a rank that lost its core for part of a sample (on this machine mostly to a JIT compiler
     * thread) stretched it for all, and Open MPI, compiled ahead of time, has no such samples.
     */
    private void byCore() {
        List<Integer> ranks = coreRanks();
        if (ranks.isEmpty()) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "== collectives with the core: jobs of at most %d ranks, only the samples in which no"
                + " rank waited for its core %d %% of the sample or more; median us (samples of all)%n", CORES,
                CoreWait.WITH_CORE_PERCENT);
        out.printf(Locale.ROOT, "%-10s %8s %5s %14s %14s %14s | %9s %9s%n", "op", "bytes", "ranks", "shm",
                "sockets", "direct", "OMPI shm", "OMPI tcp");
        for (String op : COLLECTIVES) {
            for (int bytes : op.equals("barrier") ? List.of(0) : options.collSizes()) {
                for (int np : ranks) {
                    String type = op.equals("barrier") ? "-" : "double";
                    out.printf(Locale.ROOT, "%-10s %8d %5d %14s %14s %14s | %9s %9s%n", op, bytes, np,
                            withCore(Samples.key("shm", op, type, bytes, np)),
                            withCore(Samples.key("sockets", op, type, bytes, np)),
                            withCore(Samples.key("sockets", op, "direct", bytes, np)),
                            us(peers.collective("shm", op, bytes, np)), us(peers.collective("tcp", op, bytes, np)));
                }
            }
        }
    }

    /** The rank counts of this run that do not outnumber the cores. */
    private List<Integer> coreRanks() {
        return options.ranks().stream().filter(n -> n <= CORES).toList();
    }

    /** The median of the samples of {@code key} with the core, and how many of all its samples those are. */
    private String withCore(String key) {
        List<Double> v = samples.withCore(key);
        int all = samples.queuedCount(key);
        return v.isEmpty() ? (all == 0 ? "-" : "- (0/" + all + ")")
                : us(OptionalDouble.of(Samples.median(v))) + " (" + v.size() + "/" + all + ")";
    }

    /**
     * The small shm points at 2 ranks, JOMP's and Open MPI's, split by where the host had put the two cores when each
     * sample was taken ({@link LineProbe}): a figure is only comparable with one taken in the same placement.
     */
    private void byPlacement() {
        if (PROBED.stream().noneMatch(p -> samples.probedCount(probedKey(p)) > 0)) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "== shm at 2 ranks, by where the host put the two cores: each sample bracketed by two"
                + " line probes; near: a cache line moved between the cores in under %.0f ns one way before and after"
                + " it, far: in %.0f ns or more (samples whose probes disagree are left out); median us (samples)%n",
                LineProbe.NEAR_NANOS, LineProbe.NEAR_NANOS);
        out.printf(Locale.ROOT, "%-10s %6s | %14s %14s | %14s %14s%n", "test", "bytes", "near: JOMP", "OMPI",
                "far: JOMP", "OMPI");
        for (String[] p : PROBED) {
            int bytes = Integer.parseInt(p[2]);
            out.printf(Locale.ROOT, "%-10s %6d | %14s %14s | %14s %14s%n", p[0], bytes,
                    placed(samples.placed(probedKey(p), true)), placed(peers.placed("shm", p[0], bytes, 2, true)),
                    placed(samples.placed(probedKey(p), false)), placed(peers.placed("shm", p[0], bytes, 2, false)));
        }
    }

    /** The targets of the points {@link #byPlacement} splits, judged within each placement. */
    private void targetsByPlacement() {
        for (String[] p : PROBED) {
            int bytes = Integer.parseInt(p[2]);
            String what = p[0].equals("pingpong") ? "shm 1 B latency" : "shm " + p[0] + " (" + bytes + " B, 2 ranks)";
            for (boolean near : new boolean[] {true, false}) {
                List<Double> j = samples.placed(probedKey(p), near);
                List<Double> o = peers.placed("shm", p[0], bytes, 2, near);
                if (!j.isEmpty() && !o.isEmpty()) {
                    double ompi = Samples.median(o);
                    latency(what + (near ? ", cores near" : ", cores far"), OptionalDouble.of(Samples.median(j)),
                            OptionalDouble.of(ompi), ompi);
                }
            }
        }
    }

    /**
     * The socket ping-pongs and collectives of 1 MiB or more at 2 ranks, JOMP's and Open MPI's TCP, split by how fast
     * the host copied from one core to the other when each sample was taken ({@link CopyProbe}): a figure is only
     * comparable with one taken at the same speed.
     */
    private void bySpeed() {
        List<Integer> sizes = copiedSizes();
        List<Integer> collSizes = copiedCollSizes();
        if (sizes.isEmpty() && collSizes.isEmpty()) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "== sockets at 2 ranks, by how fast the host copied between the two cores: each sample"
                + " bracketed by two copy probes; fast: a MiB crossed in under %.0f us before and after it, slow: in"
                + " %.0f us or more (samples whose probes disagree are left out); median us (samples), beside Open"
                + " MPI TCP's split alike%n", CopyProbe.FAST_MICROS, CopyProbe.FAST_MICROS);
        if (!sizes.isEmpty()) {
            out.println("   ping-pong, one-way");
            out.printf(Locale.ROOT, "%-10s %-6s %9s | %14s %14s | %14s %14s%n", "test", "type", "bytes",
                    "fast: JOMP", "OMPI", "slow: JOMP", "OMPI");
        }
        for (int bytes : sizes) {
            for (String type : List.of("byte", "double", "direct")) {
                speedRow("pingpong", type, bytes, type.equals("byte"));
            }
        }
        if (!collSizes.isEmpty()) {
            out.println("   collectives, time per call of the slowest rank");
            out.printf(Locale.ROOT, "%-10s %-6s %9s | %14s %14s | %14s %14s%n", "test", "type", "bytes",
                    "fast: JOMP", "OMPI", "slow: JOMP", "OMPI");
        }
        for (int bytes : collSizes) {
            for (String op : COLLECTIVES.subList(1, COLLECTIVES.size())) {
                for (String type : speedTypes(op)) {
                    speedRow(op, type, bytes, true);
                }
            }
        }
    }

    /** A row of {@link #bySpeed}: JOMP's samples of the point by speed, and Open MPI's where {@code ompi}. */
    private void speedRow(String test, String type, int bytes, boolean ompi) {
        String key = Samples.key("sockets", test, type, bytes, 2);
        out.printf(Locale.ROOT, "%-10s %-6s %9d | %14s %14s | %14s %14s%n", test, type, bytes,
                placed(samples.bySpeed(key, true)), ompi ? placed(peers.bySpeed("tcp", test, bytes, true)) : "",
                placed(samples.bySpeed(key, false)), ompi ? placed(peers.bySpeed("tcp", test, bytes, false)) : "");
    }

    /** The element types msgbench times {@code op} of: bcast and allgather also from direct buffers. */
    private static List<String> speedTypes(String op) {
        return op.equals("allreduce") ? List.of("double") : List.of("double", "direct");
    }

    /** The bandwidth targets and the collective points that {@link #bySpeed} splits, judged within each speed. */
    private void targetsBySpeed() {
        for (int bytes : copiedSizes()) {
            for (boolean fast : new boolean[] {true, false}) {
                List<Double> o = peers.bySpeed("tcp", "pingpong", bytes, fast);
                for (String type : List.of("byte", "direct")) {
                    List<Double> j = samples.bySpeed(Samples.key("sockets", "pingpong", type, bytes, 2), fast);
                    if (!j.isEmpty() && !o.isEmpty()) {
                        bandwidth("sockets " + (bytes >> 20) + " MB bandwidth, " + (type.equals("byte") ? "byte[]"
                                : "direct buffer") + (fast ? ", copies fast" : ", copies slow"), bytes,
                                OptionalDouble.of(Samples.median(j)), bytes / Samples.median(o) / 1e3);
                    }
                }
            }
        }
        for (int bytes : copiedCollSizes()) {
            for (String op : COLLECTIVES.subList(1, COLLECTIVES.size())) {
                for (boolean fast : new boolean[] {true, false}) {
                    List<Double> o = peers.bySpeed("tcp", op, bytes, fast);
                    for (String type : speedTypes(op)) {
                        List<Double> j = samples.bySpeed(Samples.key("sockets", op, type, bytes, 2), fast);
                        if (!j.isEmpty() && !o.isEmpty()) {
                            double ompi = Samples.median(o);
                            latency("sockets " + op + " " + (bytes >> 20) + " MB x2" + (type.equals("direct")
                                    ? ", direct" : "") + (fast ? ", copies fast" : ", copies slow"),
                                    OptionalDouble.of(Samples.median(j)), OptionalDouble.of(ompi), ompi);
                        }
                    }
                }
            }
        }
    }

    /** The ping-pong sizes of the 2-rank socket job whose samples a copy probe bracketed. */
    private List<Integer> copiedSizes() {
        return options.sizes().stream().filter(b -> samples.copiedCount(Samples.key("sockets", "pingpong", "byte", b,
                2)) > 0).toList();
    }

    /** The collective sizes of the 2-rank socket job whose samples a copy probe bracketed. */
    private List<Integer> copiedCollSizes() {
        return options.collSizes().stream().filter(b -> samples.copiedCount(Samples.key("sockets", "bcast", "double",
                b, 2)) > 0).toList();
    }

    private static String probedKey(String[] point) {
        return Samples.key("shm", point[0], point[1], Integer.parseInt(point[2]), 2);
    }

    private static String placed(List<Double> values) {
        return values.isEmpty() ? "-" : us(OptionalDouble.of(Samples.median(values))) + " (" + values.size() + ")";
    }

    int pingPongRanks(String transport) {
        if (!transport.equals("hybrid")) {
            return options.ranks().get(0);
        }
        for (int n : options.ranks()) {
            if (n >= 4 && n % 2 == 0) {
                return n;
            }
        }
        return 4;
    }

    private void pingPong(String transport) {
        int np = pingPongRanks(transport);
        boolean threads = transport.equals("shm");
        String floor = threads ? "handoff" : "nio-poll";
        String peer = threads ? "shm" : "tcp";
        out.println();
        out.println(switch (transport) {
            case "shm" -> "== ping-pong, shm (ranks as threads of one JVM), rank 0 <-> 1; floor: raw thread hand-off;"
                    + " Open MPI shared memory";
            case "sockets" -> "== ping-pong, sockets (a JVM per rank), rank 0 <-> 1; floor: raw NIO ping-pong over TCP,"
                    + " polled; blocking: the same with blocking channels; unix: polled over a Unix socket;"
                    + " Open MPI TCP";
            default -> "== ping-pong, hybrid (" + np + " ranks in 2 JVMs), rank 0 <-> " + np / 2
                    + " (the other JVM); floor: raw NIO ping-pong over TCP, polled; blocking: the same with blocking"
                    + " channels; unix: polled over a Unix socket; Open MPI TCP";
        });
        out.println("   one-way latency in us, bandwidth in GB/s (1e9 B/s); direct: a direct ByteBuffer;"
                + " x = JOMP byte[] time / baseline time");
        if (!threads) {
            out.println("   JOMP's ranks of one host talk over a Unix socket, large messages' data through memory both"
                    + " map (-J-Djomp.msg.socket.unix=false: TCP; docs/running-spmd.md)");
        }
        out.printf(Locale.ROOT, "%10s %10s %7s %10s %7s %10s %7s | %9s %7s %6s | %9s %6s | %9s %6s | %9s %7s %6s%n",
                "bytes", "byte[] us", "GB/s", "double us", "GB/s", "direct us", "GB/s", "floor us", "GB/s", "x",
                "block us", "x", "unix us", "x", "OMPI us", "GB/s", "x");
        for (int bytes : options.sizes()) {
            OptionalDouble b = samples.median(Samples.key(transport, "pingpong", "byte", bytes, np));
            OptionalDouble d = samples.median(Samples.key(transport, "pingpong", "double", bytes, np));
            OptionalDouble v = samples.median(Samples.key(transport, "pingpong", "direct", bytes, np));
            OptionalDouble f = samples.median(Samples.key("raw", floor, "byte", bytes, 2));
            OptionalDouble k = threads ? OptionalDouble.empty()
                    : samples.median(Samples.key("raw", "nio", "byte", bytes, 2));
            OptionalDouble u = threads ? OptionalDouble.empty()
                    : samples.median(Samples.key("raw", "nio-unix", "byte", bytes, 2));
            OptionalDouble o = peers.pingPong(peer, bytes);
            out.printf(Locale.ROOT, "%10d %10s %7s %10s %7s %10s %7s | %9s %7s %6s | %9s %6s | %9s %6s | %9s %7s %6s%n",
                    bytes, us(b), gbps(bytes, b), us(d), gbps(bytes, d), us(v), gbps(bytes, v), us(f), gbps(bytes, f),
                    ratio(b, f), us(k), ratio(b, k), us(u), ratio(b, u), us(o), gbps(bytes, o), ratio(b, o));
        }
    }

    private void collectives() {
        out.println();
        out.println("== collectives on double[]: time per call of the slowest rank, us (Open MPI: the same calls, sizes"
                + " and rank counts, measured in this run); direct: sockets, bcast and allgather of direct"
                + " ByteBuffers");
        out.printf(Locale.ROOT, "%-10s %8s %5s %10s %10s %10s %10s | %9s %9s%n", "op", "bytes", "ranks", "shm",
                "sockets", "direct", "hybrid", "OMPI shm", "OMPI tcp");
        for (String op : COLLECTIVES) {
            for (int bytes : op.equals("barrier") ? List.of(0) : options.collSizes()) {
                for (int np : allRanks()) {
                    String type = op.equals("barrier") ? "-" : "double";
                    out.printf(Locale.ROOT, "%-10s %8d %5d %10s %10s %10s %10s | %9s %9s%n", op, bytes, np,
                            us(samples.median(Samples.key("shm", op, type, bytes, np))),
                            us(samples.median(Samples.key("sockets", op, type, bytes, np))),
                            us(samples.median(Samples.key("sockets", op, "direct", bytes, np))),
                            us(samples.median(Samples.key("hybrid", op, type, bytes, np))),
                            us(peers.collective("shm", op, bytes, np)), us(peers.collective("tcp", op, bytes, np)));
                }
            }
        }
    }

    private List<Integer> allRanks() {
        java.util.TreeSet<Integer> s = new java.util.TreeSet<>(options.ranks());
        if (options.transports().contains("hybrid")) {
            s.add(pingPongRanks("hybrid"));
        }
        return List.copyOf(s);
    }

    private void targets() {
        out.println();
        out.println("== targets (issue 4; against Open MPI measured in this run where available, else the issue's"
                + " figures)");
        int np = options.ranks().get(0);
        latency("shm 1 B latency", samples.median(Samples.key("shm", "pingpong", "byte", 1, np)),
                peers.pingPong("shm", 1), SHM_1B_MICROS);
        OptionalDouble ompiShm8 = peers.pingPong("shm", 8 << 20);
        double shmGoal = ompiShm8.isPresent() ? 2 * (8 << 20) / ompiShm8.getAsDouble() / 1e3 : SHM_8MB_GBPS;
        bandwidth("shm 8 MB bandwidth (2x Open MPI)", 8 << 20, samples.median(Samples.key("shm", "pingpong", "byte",
                8 << 20, np)), shmGoal);
        latency("sockets 1 B latency", samples.median(Samples.key("sockets", "pingpong", "byte", 1, np)),
                peers.pingPong("tcp", 1), TCP_1B_MICROS);
        OptionalDouble ompiTcp1 = peers.pingPong("tcp", 1 << 20);
        for (int bytes : options.sizes()) {
            if (bytes >= 1 << 20) {
                // Open MPI's bandwidth at this size where it was measured, else at 1 MB, else the issue's figure.
                OptionalDouble atSize = peers.pingPong("tcp", bytes);
                OptionalDouble ompi = atSize.isPresent() ? atSize : ompiTcp1;
                int ompiBytes = atSize.isPresent() ? bytes : 1 << 20;
                double tcpGoal = ompi.isPresent() ? ompiBytes / ompi.getAsDouble() / 1e3 : TCP_1MB_GBPS;
                // Arrays are copied into and out of native memory by each end; direct buffers are not.
                for (String type : List.of("byte", "direct")) {
                    bandwidth("sockets " + (bytes >> 20) + " MB bandwidth, " + (type.equals("byte") ? "byte[]"
                            : "direct buffer"), bytes, samples.median(Samples.key("sockets", "pingpong", type, bytes,
                            np)), tcpGoal);
                }
            }
        }
        // Hybrid ranks against Open MPI's TCP too: its processes, like the hybrid job's JVMs, talk over sockets.
        for (String[] t : new String[][] {{"shm", "shm"}, {"sockets", "tcp"}, {"hybrid", "tcp"}}) {
            collectivesAgainstOpenMpi(t[0], t[1], "double", COLLECTIVES);
        }
        // The calls that take buffers, from direct ones: what a program that keeps its data in them gets.
        collectivesAgainstOpenMpi("sockets", "tcp", "direct", List.of("bcast", "allgather"));
        targetsByCore();
        if (np == 2) {
            for (String op : List.of("barrier", "bcast", "allreduce")) {
                int bytes = op.equals("barrier") ? 0 : 8;
                String type = op.equals("barrier") ? "-" : "double";
                for (String[] t : new String[][] {{"shm", "shm"}, {"sockets", "tcp"}}) {
                    OptionalDouble o = peers.collective(t[1], op, bytes, 2);
                    if (o.isPresent()) {
                        latency(t[0] + " " + op + " (" + bytes + " B, 2 ranks)", samples.median(Samples.key(t[0], op,
                                type, bytes, 2)), o, o.getAsDouble());
                    }
                }
            }
        }
        targetsByPlacement();
        targetsBySpeed();
    }

    /**
     * The collective targets of the jobs that do not outnumber the cores, judged over the samples with the core
     * ({@link #byCore}), where a point has at least {@link #MIN_WITH_CORE} of them.
     */
    private void targetsByCore() {
        List<Integer> ranks = coreRanks();
        Function<String, OptionalDouble> withCore = key -> {
            List<Double> v = samples.withCore(key);
            return v.size() < MIN_WITH_CORE ? OptionalDouble.empty() : OptionalDouble.of(Samples.median(v));
        };
        for (String[] t : new String[][] {{"shm", "shm"}, {"sockets", "tcp"}}) {
            collectivesAgainstOpenMpi(t[0], t[1], "double", COLLECTIVES, ranks, withCore, ", with the core");
        }
        collectivesAgainstOpenMpi("sockets", "tcp", "direct", List.of("bcast", "allgather"), ranks, withCore,
                ", with the core");
    }

    /**
     * How many points of {@code ops} on {@code transport}, of element {@code type}, are at or below Open MPI's, and
     * which are not.
     */
    private void collectivesAgainstOpenMpi(String transport, String peer, String type, List<String> ops) {
        collectivesAgainstOpenMpi(transport, peer, type, ops, options.ranks(), samples::median, "");
    }

    /** The same over {@code ranks}, JOMP's figure of a point's samples given by {@code figure}. */
    private void collectivesAgainstOpenMpi(String transport, String peer, String type, List<String> ops,
                                           List<Integer> ranks,
                                           Function<String, OptionalDouble> figure, String which) {
        int met = 0;
        List<String> missed = new java.util.ArrayList<>();
        for (String op : ops) {
            for (int bytes : op.equals("barrier") ? List.of(0) : options.collSizes()) {
                for (int np : ranks) {
                    OptionalDouble j = figure.apply(Samples.key(transport, op, op.equals("barrier") ? "-" : type,
                            bytes, np));
                    OptionalDouble o = peers.collective(peer, op, bytes, np);
                    if (j.isEmpty() || o.isEmpty()) {
                        continue;
                    }
                    if (j.getAsDouble() <= o.getAsDouble()) {
                        met++;
                    } else {
                        missed.add(String.format(Locale.ROOT, "%s %d B x%d (%.2fx)", op, bytes, np,
                                j.getAsDouble() / o.getAsDouble()));
                    }
                }
            }
        }
        if (met + missed.size() > 0) {
            out.printf(Locale.ROOT, "%-40s %d of %d at or below Open MPI%s%n", transport + " collectives"
                    + (type.equals("direct") ? ", direct buffers" : "") + which, met,
                    met + missed.size(), missed.isEmpty() ? "" : "; above: " + String.join(", ", missed));
        }
    }

    private void latency(String what, OptionalDouble jomp, OptionalDouble ompi, double issue) {
        double goal = ompi.isPresent() ? ompi.getAsDouble() : issue;
        if (jomp.isEmpty()) {
            out.printf(Locale.ROOT, "%-40s not measured%n", what);
            return;
        }
        out.printf(Locale.ROOT, "%-40s %10.3f us  target <= %.3f us (%s)  %s%n", what, jomp.getAsDouble(), goal,
                ompi.isPresent() ? "Open MPI now" : "issue", jomp.getAsDouble() <= goal ? "met" : "NOT met");
    }

    private void bandwidth(String what, int bytes, OptionalDouble jomp, double goalGbps) {
        if (jomp.isEmpty()) {
            out.printf(Locale.ROOT, "%-40s not measured%n", what);
            return;
        }
        double gbps = bytes / jomp.getAsDouble() / 1e3;
        out.printf(Locale.ROOT, "%-40s %10.2f GB/s target >= %.2f GB/s  %s%n", what, gbps, goalGbps,
                gbps >= goalGbps ? "met" : "NOT met");
    }

    private static String us(OptionalDouble v) {
        if (v.isEmpty()) {
            return "-";
        }
        double x = v.getAsDouble();
        return String.format(Locale.ROOT, x < 10 ? "%.3f" : x < 1000 ? "%.1f" : "%.0f", x);
    }

    private static String gbps(int bytes, OptionalDouble micros) {
        if (micros.isEmpty() || bytes < 1024) {
            return "";
        }
        return String.format(Locale.ROOT, "%.2f", bytes / micros.getAsDouble() / 1e3);
    }

    private static String ratio(OptionalDouble jomp, OptionalDouble base) {
        if (jomp.isEmpty() || base.isEmpty() || base.getAsDouble() <= 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%.2f", jomp.getAsDouble() / base.getAsDouble());
    }
}
