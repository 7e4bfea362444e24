package org.jomp.translator.exec;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jomp.runtime.Omp;
import org.jomp.runtime.Schedule;

/**
 * Runs a compiled program's {@code main} in this JVM and captures what it prints.
 *
 * <p>Each run gets a fresh class loader over the program's class bytes, so its static fields start afresh, while the
 * runtime is shared from the test class path. {@code main} runs on one long-lived runner thread, which is the
 * encountering thread of every top-level region: its team of workers is reused from run to run, as in a real
 * program that runs many regions. The thread count (with dynamic adjustment off) and schedule are set on that
 * thread just before {@code main}.
 * Runs are serialised because System.out is global. A run that does not finish in time fails; its thread is a
 * daemon and is abandoned, and the next run gets a new runner.
 */
public final class ProgramRunner {

    /** What a run printed, and what it threw (null when it returned normally). */
    public record Outcome(String stdout, Throwable thrown) {
    }

    private static final long TIMEOUT_SECONDS = 30;
    private static final Schedule INITIAL_SCHEDULE = Omp.getSchedule();
    private static ExecutorService runner = newRunner();

    private ProgramRunner() {
    }

    /**
     * Runs {@code mainClass.main(new String[0])} from the given classes.
     *
     * @param threads the team size to set first, or 0 to leave the runtime's default (the sequential run)
     * @param schedule a {@code kind[,chunk]} for {@code schedule(runtime)}, or null for the runtime's initial one
     */
    public static synchronized Outcome run(Map<String, byte[]> classes, String mainClass, int threads, String schedule)
            throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        Future<Throwable> run = runner.submit(() -> {
            if (threads > 0) {
                // Dynamic adjustment would cap teams at the processor count; the test wants the size it asks for.
                Omp.setDynamic(false);
                Omp.setNumThreads(threads);
            }
            Omp.setSchedule(schedule == null ? INITIAL_SCHEDULE : Schedule.parse(schedule));
            Method main = new MemoryClassLoader(classes).loadClass(mainClass).getMethod("main", String[].class);
            try {
                main.invoke(null, (Object) new String[0]);
                return null;
            } catch (InvocationTargetException e) {
                return e.getCause();
            }
        });
        try {
            Throwable thrown = run.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            System.out.flush();
            return new Outcome(buffer.toString(StandardCharsets.UTF_8), thrown);
        } catch (TimeoutException e) {
            runner.shutdownNow();
            runner = newRunner();
            throw new AssertionError(mainClass + " with " + threads + " thread(s) did not finish within "
                    + TIMEOUT_SECONDS + " s; it printed:\n" + buffer.toString(StandardCharsets.UTF_8), e);
        } catch (ExecutionException e) {
            throw new AssertionError(mainClass + " could not be started: " + e.getCause(), e.getCause());
        } finally {
            System.setOut(saved);
        }
    }

    private static ExecutorService newRunner() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "corpus-main");
            t.setDaemon(true);
            return t;
        });
    }

    /** Defines the program's classes itself and asks the test class loader for everything else. */
    private static final class MemoryClassLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        MemoryClassLoader(Map<String, byte[]> classes) {
            super(ProgramRunner.class.getClassLoader());
            this.classes = classes;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = classes.get(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }
    }
}
