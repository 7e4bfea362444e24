package org.jomp.msg.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

import org.jomp.msg.Comm;
import org.jomp.msg.coll.Collectives;
import org.jomp.msg.transport.Cpus;
import org.jomp.msg.transport.WaitPolicy;
import org.jomp.msg.transport.socket.MeshConfig;
import org.jomp.runtime.Omp;

/**
 * The program the jomprun tests launch; {@code args[0]} picks what it does:
 * <ul>
 *   <li>{@code echo}: every rank greets (with its -Djomp.threads); rank 0 echoes its stdin; after a barrier rank 1
 *       exits with status 3, the others with 0;</li>
 *   <li>{@code fail}: after a barrier rank 2 throws; the others enter another barrier, which fails;</li>
 *   <li>{@code hang}: rank 1 exits with status 4 at once; the others sleep without communicating, so only
 *       jomprun can end them;</li>
 *   <li>{@code hugepages}: ranks 0 and 1 exchange 1 MiB, then every rank prints its GLIBC_TUNABLES and the KiB of
 *       its memory on transparent huge pages;</li>
 *   <li>{@code cpus}: every rank prints the CPUs it may run on, its JVM's processor count, the machine's online CPUs
 *       and its socket poll budget ({@code MeshConfig.pollMicros()});</li>
 *   <li>{@code crowded}: every rank prints whether it was told its job has more ranks than cores
 *       ({@code Collectives.crowded()}), and whether its waits take it for oversubscribed
 *       ({@code WaitPolicy.oversubscribed()}).</li>
 *   <li>{@code omp}: every rank runs an OpenMP region of the default size and prints the size of its team;</li>
 *   <li>{@code stdin}: every rank but 0 reads a byte of standard input in its own thread, in a thread it starts and
 *       in the worker of an OpenMP team of 2, and prints what each read; then, after a barrier, rank 0 reads all of
 *       it and prints its length and CRC-32.</li>
 * </ul>
 */
public final class JomprunApp {
    private JomprunApp() {
    }

    private static int readByte() {
        try {
            return System.in.read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Comm w = Comm.init(args);
        int r = w.rank();
        switch (args[0]) {
            case "echo" -> {
                System.out.println("hello from " + r + " of " + w.size() + " threads="
                        + System.getProperty("jomp.threads"));
                if (r == 0) {
                    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
                    for (String line; (line = in.readLine()) != null; ) {
                        System.out.println("got: " + line);
                    }
                }
                w.barrier();
                if (r == 1) {
                    System.exit(3);
                }
            }
            case "fail" -> {
                w.barrier();
                if (r == 2) {
                    throw new IllegalStateException("rank two breaks");
                }
                w.barrier();
                System.out.println("rank " + r + " passed a barrier that rank 2 never reached");
            }
            case "hang" -> {
                if (r == 1) {
                    System.err.println("rank one gives up");
                    System.exit(4);
                }
                Thread.sleep(120_000);
            }
            case "hugepages" -> {
                // A 1 MiB message each way goes through the fragment buffers of both ranks.
                byte[] data = new byte[1 << 20];
                if (r == 0) {
                    w.send(data, 0, data.length, 1, 0);
                    w.recv(data, 0, data.length, 1, 0);
                } else if (r == 1) {
                    w.recv(data, 0, data.length, 0, 0);
                    w.send(data, 0, data.length, 0, 0);
                }
                String rollup = Files.readString(Path.of("/proc/self/smaps_rollup"));
                Matcher m = Pattern.compile("AnonHugePages:\\s+(\\d+) kB").matcher(rollup);
                System.out.println("tunables=" + System.getenv("GLIBC_TUNABLES") + " hugeKiB="
                        + (m.find() ? m.group(1) : "?"));
            }
            case "cpus" -> {
                String status = Files.readString(Path.of("/proc/self/status"));
                Matcher m = Pattern.compile("Cpus_allowed_list:\\s*(\\S+)").matcher(status);
                System.out.println("cpus=" + (m.find() ? m.group(1) : "?") + " available="
                        + Runtime.getRuntime().availableProcessors() + " online=" + Cpus.online() + " pollMicros="
                        + MeshConfig.pollMicros());
            }
            case "crowded" -> System.out.println("crowded=" + Collectives.crowded() + " oversubscribed="
                    + WaitPolicy.oversubscribed());
            case "omp" -> {
                int[] team = new int[1];
                Omp.parallel(() -> {
                    if (Omp.threadNum() == 0) {
                        team[0] = Omp.numThreads();
                    }
                });
                System.out.println("rank " + r + " team=" + team[0]);
            }
            case "stdin" -> {
                // The others read first, while rank 0 waits in the barrier: a byte they got would be missing there.
                if (r != 0) {
                    int own = readByte();
                    int[] started = {-2};
                    Thread t = new Thread(() -> started[0] = readByte());
                    t.start();
                    t.join();
                    int[] worker = {-2};
                    Omp.parallel(2, true, () -> {
                        if (Omp.threadNum() == 1) {
                            worker[0] = readByte();
                        }
                    });
                    System.out.println("rank " + r + " stdin: own=" + own + " started=" + started[0] + " worker="
                            + worker[0]);
                }
                w.barrier();
                if (r == 0) {
                    byte[] all = System.in.readAllBytes();
                    CRC32 crc = new CRC32();
                    crc.update(all);
                    System.out.println("rank 0 stdin: bytes=" + all.length + " crc=" + crc.getValue());
                }
            }
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }
}
