package org.jomp.msg.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Copies one output stream of a rank to jomprun's own, a whole line at a time with the rank's prefix
 * ({@code "[2] "}), so that lines of different ranks never mix. Keeps the rank's last lines for the report when it
 * fails.
 */
final class PrefixedOutput implements Runnable {
    private static final int KEPT_LINES = 40;
    /** The first line of a stack trace: a throwable's class name, then its message. */
    private static final java.util.regex.Pattern ERROR_LINE =
            java.util.regex.Pattern.compile("^[\\w.$]+(Exception|Error)\\b.*");

    private final InputStream in;
    private final PrintStream out;
    private final String prefix;
    private final Deque<String> last = new ArrayDeque<>();
    private final CountDownLatch finished = new CountDownLatch(1);
    private String lastError;

    PrefixedOutput(InputStream in, PrintStream out, String prefix) {
        this.in = in;
        this.out = out;
        this.prefix = prefix;
    }

    @Override
    public void run() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in))) {
            for (String line; (line = r.readLine()) != null; ) {
                synchronized (out) {
                    out.println(prefix + line);
                    out.flush();
                }
                synchronized (last) {
                    if (last.size() == KEPT_LINES) {
                        last.removeFirst();
                    }
                    last.addLast(line);
                    String l = line.replaceFirst("^Exception in thread \"[^\"]*\" ", "");
                    if (ERROR_LINE.matcher(l).matches()) {
                        lastError = l;
                    }
                }
            }
        } catch (IOException e) {
            synchronized (out) {
                out.println(prefix + "(jomprun: output lost: " + e + ")");
            }
        } finally {
            finished.countDown();
        }
    }

    /** Waits (bounded) until the stream has been copied to its end. */
    void awaitEnd(long millis) {
        try {
            finished.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The most telling line the rank printed: the last exception or error it named (without the "Exception in
     * thread" lead-in), else its last line, else {@code null}.
     */
    String reason() {
        synchronized (last) {
            return lastError != null ? lastError : last.peekLast();
        }
    }
}
