package org.jomp.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts an SPMD job.
 *
 * <ul>
 *   <li>{@link Transport#SHM}: one JVM whose ranks are threads over the shared-memory transport; the runtime's
 *       embedded launcher reads {@code -Djomp.np} when the program calls {@code Comm.init(args)}.</li>
 *   <li>{@link Transport#SOCKETS}: the runtime's {@code jomprun} launcher ({@value #JOMPRUN}) in a JVM of its own,
 *       which starts a JVM per rank on this machine, connected by authenticated loopback sockets, and supervises
 *       them.</li>
 * </ul>
 * In both, the thread-team runtime of every rank gets {@code -Djomp.threads} as its team size.
 *
 * @param transport how the ranks talk
 * @param java      the java executable
 * @param classpath the project's runtime class path
 * @param jvmArgs   extra JVM options of the ranks
 * @param ranks     number of ranks (at least 1)
 * @param threads   threads per rank, or 0 to leave the runtime's default
 * @param mainClass the class whose {@code main} every rank runs
 * @param args      the program's arguments
 */
record JobCommand(Transport transport, Path java, List<String> classpath, List<String> jvmArgs, int ranks,
                  int threads, String mainClass, List<String> args) {

    /** The launcher class of jomp-runtime-msg that starts and supervises a job of several JVMs. */
    static final String JOMPRUN = "org.jomp.msg.launch.Jomprun";

    /** The transports a job can be started with, by their {@code jomp.transport} names. */
    enum Transport {
        SHM("shm"), SOCKETS("sockets");

        private final String property;

        Transport(String property) {
            this.property = property;
        }

        static Transport of(String value) {
            for (Transport t : values()) {
                if (t.property.equals(value)) {
                    return t;
                }
            }
            throw new IllegalArgumentException("jomp.transport = '" + value + "': expected shm (ranks as threads of"
                    + " one JVM) or sockets (a JVM per rank)");
        }
    }

    JobCommand {
        if (ranks < 1) {
            throw new IllegalArgumentException("jomp.np = " + ranks + ": a job needs at least one rank");
        }
        if (threads < 0) {
            throw new IllegalArgumentException("jomp.threads = " + threads + ": must be positive (or unset)");
        }
        if (mainClass == null || mainClass.isBlank()) {
            throw new IllegalArgumentException("jomp.mainClass is not set: name the class whose main to run");
        }
        classpath = List.copyOf(classpath);
        jvmArgs = List.copyOf(jvmArgs);
        args = List.copyOf(args);
    }

    /** The java executable of the JVM running Maven. */
    static Path currentJava() {
        boolean windows = System.getProperty("os.name", "").toLowerCase().startsWith("windows");
        return Path.of(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java");
    }

    List<String> toList() {
        String path = String.join(File.pathSeparator, classpath);
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        if (transport == Transport.SHM) {
            command.addAll(jvmArgs);
            command.add("-Djomp.np=" + ranks);
            if (threads > 0) {
                command.add("-Djomp.threads=" + threads);
            }
            command.add("-cp");
            command.add(path);
        } else {
            command.add("-cp");
            command.add(path);
            command.add(JOMPRUN);
            command.add("-np");
            command.add(Integer.toString(ranks));
            if (threads > 0) {
                command.add("--threads-per-rank");
                command.add(Integer.toString(threads));
            }
            command.add("--transport");
            command.add("sockets");
            command.add("-cp");
            command.add(path);
            jvmArgs.forEach(option -> command.add("-J" + option));
        }
        command.add(mainClass);
        command.addAll(args);
        return command;
    }
}
