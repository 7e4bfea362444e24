package org.jomp.maven;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Runs a main class as an SPMD job on the project's runtime class path:
 * {@code mvn jomp:run -Djomp.mainClass=app.Main -Djomp.np=4 -Djomp.threads=2 [-Djomp.transport=shm|sockets]}. The
 * ranks are threads of one forked JVM (shm, the default) or JVMs of their own (sockets); the program calls
 * {@code Comm.init(args)} first in {@code main}. The goal compiles the project first, and fails when the job exits
 * with a non-zero status or outlives {@code timeout}.
 */
@Mojo(name = "run", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.COMPILE)
public class RunMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The class whose {@code main} every rank runs. */
    @Parameter(property = "jomp.mainClass", required = true)
    private String mainClass;

    /** Number of ranks. */
    @Parameter(property = "jomp.np", defaultValue = "1")
    private int np;

    /** Threads of the team inside each rank; unset leaves the runtime's default (OMP_NUM_THREADS, or the cores). */
    @Parameter(property = "jomp.threads", defaultValue = "0")
    private int threads;

    /**
     * How ranks talk: {@code shm}, ranks as threads of one JVM; {@code sockets}, a JVM per rank on this machine,
     * started and supervised by jomp-runtime-msg's jomprun launcher.
     */
    @Parameter(property = "jomp.transport", defaultValue = "shm")
    private String transport;

    /** Program arguments, separated by white space. */
    @Parameter(property = "jomp.args")
    private String args;

    /** JVM options for the job, separated by white space (for example {@code -Xmx2g}). */
    @Parameter(property = "jomp.jvmArgs")
    private String jvmArgs;

    /** Seconds after which the job is killed and the goal fails; 0 waits as long as the job runs. */
    @Parameter(property = "jomp.timeout", defaultValue = "0")
    private int timeout;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (timeout < 0) {
            throw new MojoExecutionException("JOMP run: jomp.timeout = " + timeout
                    + ": must be 0 or a number of seconds");
        }
        JobCommand command;
        try {
            List<String> classpath = project.getRuntimeClasspathElements();
            JobCommand.Transport kind = JobCommand.Transport.of(transport);
            if (kind == JobCommand.Transport.SOCKETS && !ClassPathSearch.contains(classpath, JobCommand.JOMPRUN)) {
                throw new MojoExecutionException("JOMP run: jomp.transport = sockets needs the jomprun launcher ("
                        + JobCommand.JOMPRUN + ") of jomp-runtime-msg on the runtime class path; add the"
                        + " jomp-runtime-msg dependency (a version that has it)");
            }
            command = new JobCommand(kind, JobCommand.currentJava(), classpath, words(jvmArgs), np, threads,
                    mainClass, words(args));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("JOMP run: " + e.getMessage(), e);
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("JOMP run: the runtime class path is not resolved: " + e.getMessage(),
                    e);
        }
        getLog().info("JOMP run: " + mainClass + " on " + np + " rank(s)"
                + (threads > 0 ? " x " + threads + " thread(s)" : "") + " over " + transport);
        getLog().debug("JOMP run: " + command.toList());
        int status = launch(command);
        if (status != 0) {
            throw new MojoFailureException("JOMP run: " + mainClass + " exited with status " + status);
        }
    }

    private int launch(JobCommand command) throws MojoExecutionException, MojoFailureException {
        Process process;
        try {
            process = new ProcessBuilder(command.toList()).directory(project.getBasedir())
                    .redirectInput(ProcessBuilder.Redirect.from(nullFile())).start();
        } catch (IOException e) {
            throw new MojoExecutionException("JOMP run: cannot start " + command.java() + ": " + e.getMessage(), e);
        }
        // Ctrl-C on Maven must not leave the job running.
        Thread killer = new Thread(() -> kill(process), "jomp-run-cleanup");
        Runtime.getRuntime().addShutdownHook(killer);
        Thread out = pump(process.getInputStream(), System.out, "jomp-run-stdout");
        Thread err = pump(process.getErrorStream(), System.err, "jomp-run-stderr");
        try {
            boolean ended = timeout == 0 ? waitFor(process) : process.waitFor(timeout, TimeUnit.SECONDS);
            if (!ended) {
                kill(process);
                process.waitFor(10, TimeUnit.SECONDS);
                throw new MojoFailureException("JOMP run: " + mainClass + " did not end within jomp.timeout = "
                        + timeout + " s and was killed");
            }
            out.join(TimeUnit.SECONDS.toMillis(10));
            err.join(TimeUnit.SECONDS.toMillis(10));
            return process.exitValue();
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("JOMP run: interrupted while " + mainClass + " was running", e);
        } finally {
            Runtime.getRuntime().removeShutdownHook(killer);
        }
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** The job reads no input: its standard input is the null device. */
    private static File nullFile() {
        boolean windows = System.getProperty("os.name", "").toLowerCase().startsWith("windows");
        return new File(windows ? "NUL" : "/dev/null");
    }

    private static boolean waitFor(Process process) throws InterruptedException {
        process.waitFor();
        return true;
    }

    /** Copies a stream of the job to Maven's own, so the job's output lands where Maven's log goes. */
    private static Thread pump(InputStream from, PrintStream to, String name) {
        Thread t = new Thread(() -> {
            try (InputStream in = from) {
                copy(in, to);
            } catch (IOException e) {
                to.println("JOMP run: lost the job's output: " + e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void copy(InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            out.write(buffer, 0, n);
            out.flush();
        }
    }

    private static List<String> words(String text) {
        return text == null || text.isBlank() ? List.of() : Arrays.asList(text.trim().split("\\s+"));
    }
}
