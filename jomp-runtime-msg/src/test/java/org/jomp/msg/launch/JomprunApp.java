package org.jomp.msg.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

import org.jomp.msg.Comm;

/**
 * The program the jomprun tests launch; {@code args[0]} picks what it does:
 * <ul>
 *   <li>{@code echo}: every rank greets (with its -Djomp.threads); rank 0 echoes its stdin; after a barrier rank 1
 *       exits with status 3, the others with 0;</li>
 *   <li>{@code fail}: after a barrier rank 2 throws; the others enter another barrier, which fails;</li>
 *   <li>{@code hang}: rank 1 exits with status 4 at once; the others sleep without communicating, so only
 *       jomprun can end them.</li>
 * </ul>
 */
public final class JomprunApp {
    private JomprunApp() {
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
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }
}
