package org.jomp.examples.msgbench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.jomp.msg.launch.Jomprun;

/**
 * {@code bin/jomp-msgbench}: the message-passing benchmark. Runs {@link RankProgram} under {@code jomprun} on each
 * transport — shm (ranks as threads of one JVM), sockets (a JVM per rank), hybrid (two JVMs of thread ranks) — and,
 * in the same sitting, the floors it is read against: a raw thread hand-off ({@link RawHandOff}) and a raw NIO
 * ping-pong ({@link RawNioPingPong}), and with {@code --with-peers} Open MPI ({@link MpiPeers}). Prints the
 * machine, JDK and load, one table per transport, the collectives, and the targets, met or not.
 * See docs/benchmarks-msg.md.
 */
public final class MsgBench {
    private final MsgBenchOptions options;
    private final PrintStream out;
    private final Samples samples = new Samples();
    private MpiPeers peers = MpiPeers.none();
    /** The output of Open MPI's points run after each run's jobs ({@link #pairedPeers}). */
    private final StringBuilder paired = new StringBuilder();

    private MsgBench(MsgBenchOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        Path defaultScript = Path.of("..", "shared", "peers", "run.sh");
        MsgBenchOptions o;
        try {
            o = MsgBenchOptions.parse(args, defaultScript);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        new MsgBench(o, System.out).run();
    }

    private void run() throws Exception {
        String loadBefore = Machine.load();
        out.println(Machine.describe());
        out.println("load before: " + loadBefore);
        out.printf(Locale.ROOT, "method: %d run(s) of each job, %d samples of ~%.0f ms per point; figures are medians"
                + " of all samples; rank JVM options %s; sockets and hybrid jobs of more ranks than cores: %s%n%n",
                options.runs(), options.samples(), options.sampleMillis(), options.jvmOptions(), C1_ALONE.substring(2)
                        + " (C1 alone), unless the options above choose a compiler");
        if (lineProbe()) {
            out.printf(Locale.ROOT, "line probe: the samples of shm points of up to %d bytes at 2 ranks are bracketed"
                    + " by two probes of how far apart the host has put the two cores (LineProbe)%n%n",
                    RankProgram.PROBED_BYTES);
        }
        for (int run = 0; run < options.runs(); run++) {
            baselines();
            for (String transport : options.transports()) {
                for (int np : ranksFor(transport)) {
                    job(transport, np, np == ranksFor(transport).get(0));
                    if (options.withPeers()) {
                        pairedPeers(transport, np);
                    }
                }
            }
        }
        if (options.withPeers()) {
            out.println("running " + options.peersScript() + " mpi and " + options.collPeersScript() + " mpi ...");
            try {
                peers = MpiPeers.run(options.peersScript(), options.collPeersScript(), options.ranks(),
                        options.collSizes(), lineProbe(), options.sizes(), options.peersLimitSeconds(),
                        paired.toString());
            } catch (IOException e) {
                out.println("Open MPI figures unavailable: " + e.getMessage().lines().findFirst().orElse(""));
            }
        }
        MsgReport report = new MsgReport(options, samples, peers, out);
        report.print();
        if (options.plots() != null) {
            List<String> names = MsgPlots.write(options.plots(), options, samples, peers,
                    report.pingPongRanks("hybrid"), Machine.shortName());
            out.println();
            out.println(names.isEmpty() ? "plots: none drawn (a bandwidth plot needs two sizes of 1 KiB or more, the"
                    + " collectives plot --with-peers)" : "plots: " + String.join(", ", names.stream()
                    .map(n -> options.plots().resolve(n).toString()).toList()));
        }
        out.println();
        out.println("load after: " + Machine.load());
    }

    /**
     * A job over several JVMs whose rank threads outnumber the cores (socket ranks, and hybrid JVMs of thread ranks)
     * runs with the C1 compiler alone, as docs/running-spmd.md advises for a crowded run that mostly communicates:
     * each JVM's C2 otherwise competes with the ranks for tens of seconds, the time the samples are taken in (8-byte
     * allreduces at 8 socket ranks read 1,784-5,148 µs with C2, 180-190 with C1 alone; at 8 hybrid ranks in 2 JVMs
     * 1,673 and 2,220 against 53 and 89: docs/benchmarks-msg-log.md). Thread ranks of one JVM keep C2, which reads
     * alike or faster there. Not when the user's options choose a compiler.
     */
    static final String C1_ALONE = "-J-XX:TieredStopAtLevel=1";

    static boolean c1Alone(List<String> jvmOptions, String transport, int np, int cores) {
        boolean userChose = jvmOptions.stream().anyMatch(o -> o.startsWith("-J-XX:TieredStopAtLevel")
                || o.contains("TieredCompilation") || o.equals("-J-Xint") || o.equals("-J-Xcomp"));
        return !transport.equals("shm") && np > cores && !userChose;
    }

    /**
     * Whether the 2-rank shm job's small points are bracketed by line probes (and Open MPI's, with --with-peers): on a
     * 2-core machine only, where the probe's two threads hold the very cores the two ranks run on.
     */
    private boolean lineProbe() {
        return Runtime.getRuntime().availableProcessors() == 2 && options.transports().contains("shm")
                && options.ranks().contains(2);
    }

    /** Rank counts a transport runs at: hybrid needs two JVMs of at least two ranks each, so 4 and above. */
    private List<Integer> ranksFor(String transport) {
        if (!transport.equals("hybrid")) {
            return options.ranks();
        }
        List<Integer> h = new ArrayList<>();
        for (int n : options.ranks()) {
            if (n >= 4 && n % 2 == 0) {
                h.add(n);
            }
        }
        return h.isEmpty() ? List.of(4) : h;
    }

    /** The raw floors, measured in this JVM between the jobs of each run. */
    private void baselines() throws Exception {
        double sampleMicros = options.sampleMillis() * 1000;
        // The first point is measured once more and dropped, as the ranks do (see RankProgram.main).
        RawHandOff.measure(options.sizes().get(0), options.samples(), sampleMicros);
        for (int bytes : options.sizes()) {
            for (double v : RawHandOff.measure(bytes, options.samples(), sampleMicros)) {
                samples.add(Samples.key("raw", "handoff", "byte", bytes, 2), v);
            }
        }
        for (boolean polling : new boolean[] {false, true}) {
            try (RawNioPingPong nio = RawNioPingPong.open(polling)) {
                measure(nio, polling ? "nio-poll" : "nio", sampleMicros);
            }
        }
        RawNioPingPong unix;
        try {
            unix = RawNioPingPong.openUnix();
        } catch (IOException | UnsupportedOperationException e) {
            return;
        }
        try (unix) {
            measure(unix, "nio-unix", sampleMicros);
        }
    }

    private void measure(RawNioPingPong nio, String floor, double sampleMicros) throws Exception {
        nio.measure(options.sizes().get(0), options.samples(), sampleMicros);
        for (int bytes : options.sizes()) {
            for (double v : nio.measure(bytes, options.samples(), sampleMicros)) {
                samples.add(Samples.key("raw", floor, "byte", bytes, 2), v);
            }
        }
    }

    /**
     * Open MPI's points of {@code np} ranks just after JOMP's job of the same transport and rank count, so that both
     * meet the host in the same minutes. At 2 ranks: after the shm job, the probed points ({@link MpiPeers#pairedRun},
     * with the line probe); after the socket job, the ping-pongs and the TCP collectives
     * ({@link MpiPeers#pairedSocketPoints}). At more ranks, the collectives over the same transport
     * ({@link MpiPeers#pairedCollectives}); the hybrid jobs, judged against Open MPI's TCP, follow the socket jobs of
     * the same run. A failure only leaves them to the run at the end.
     */
    private void pairedPeers(String transport, int np) {
        long t0 = System.nanoTime();
        String what;
        String text;
        try {
            if (np == 2 && transport.equals("shm") && lineProbe()) {
                what = "Open MPI 2 ranks (probed points)";
                text = MpiPeers.pairedRun(options.collPeersScript(), options.collSizes(), options.peersLimitSeconds());
            } else if (np == 2 && transport.equals("sockets")) {
                what = "Open MPI 2 ranks (ping-pongs, tcp collectives)";
                text = MpiPeers.pairedSocketPoints(options.peersScript(), options.collPeersScript(), options.sizes(),
                        options.collSizes(), options.peersLimitSeconds());
            } else if (np > 2 && !transport.equals("hybrid")) {
                String peer = transport.equals("shm") ? "shm" : "tcp";
                what = "Open MPI " + np + " ranks (" + peer + " collectives)";
                text = MpiPeers.pairedCollectives(options.collPeersScript(), options.collSizes(), np, peer,
                        options.peersLimitSeconds());
            } else {
                return;
            }
        } catch (IOException e) {
            out.println("  Open MPI after the " + transport + " job unavailable: "
                    + e.getMessage().lines().findFirst().orElse(""));
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        paired.append(text);
        out.printf(Locale.ROOT, "  %s: %d lines in %.1f s%n", what, text.lines().filter(l -> l.startsWith("sample ")
                || l.startsWith("pingpong") || l.startsWith("coll op=")).count(),
                (System.nanoTime() - t0) / 1e9);
    }

    /** One job of {@code np} ranks on {@code transport} under jomprun; its samples go into {@link #samples}. */
    private void job(String transport, int np, boolean pingPong) {
        List<String> argv = new ArrayList<>(List.of("-np", Integer.toString(np), "--transport", transport,
                "-cp", System.getProperty("java.class.path"), "-J-Xss1m"));
        argv.addAll(options.jvmOptions());
        if (c1Alone(options.jvmOptions(), transport, np, Runtime.getRuntime().availableProcessors())) {
            argv.add(C1_ALONE);
        }
        if (transport.equals("hybrid")) {
            argv.addAll(List.of("--ranks-per-jvm", Integer.toString(np / 2)));
        }
        argv.add(RankProgram.class.getName());
        argv.addAll(List.of("--sizes", join(options.sizes()), "--coll-sizes", join(options.collSizes()),
                "--samples", Integer.toString(options.samples()), "--sample-ms",
                Double.toString(options.sampleMillis()), "--peer", Integer.toString(transport.equals("hybrid")
                        ? np / 2 : 1)));
        if (!pingPong) {
            argv.add("--no-pingpong");
        }
        if (transport.equals("shm") && np == 2 && lineProbe()) {
            argv.add("--line-probe");
        }
        if (transport.equals("sockets") && np == 2 && pingPong) {
            argv.add("--copy-probe");
        }
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(captured, true, StandardCharsets.UTF_8);
        long t0 = System.nanoTime();
        // This process's environment, as bin/jomprun would pass it: PATH finds taskset, which binds the ranks of a
        // 2-rank job to a core each, as Open MPI's mpirun binds its own.
        int code = Jomprun.run(argv.toArray(String[]::new), new ByteArrayInputStream(new byte[0]), sink, sink,
                System.getenv());
        String text = captured.toString(StandardCharsets.UTF_8);
        int found = samples.addOutput(transport, text);
        out.printf(Locale.ROOT, "  %-7s %d ranks: %d samples in %.1f s%s%n", transport, np, found,
                (System.nanoTime() - t0) / 1e9, code == 0 ? "" : " -- FAILED with status " + code + ":\n" + text);
    }

    private static String join(List<Integer> values) {
        StringBuilder b = new StringBuilder();
        for (int v : values) {
            b.append(b.length() == 0 ? "" : ",").append(v);
        }
        return b.toString();
    }
}
