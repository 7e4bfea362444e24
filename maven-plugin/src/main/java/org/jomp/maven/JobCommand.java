package org.jomp.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts an SPMD job of {@code ranks} thread ranks in one JVM (the shared-memory transport):
 * the runtime's embedded launcher reads {@code -Djomp.np} when the program calls {@code Comm.init(args)}, and the
 * thread-team runtime reads {@code -Djomp.threads} for the team size inside each rank.
 *
 * @param java      the java executable
 * @param classpath the project's runtime class path
 * @param jvmArgs   extra JVM options, before the main class
 * @param ranks     number of ranks (at least 1)
 * @param threads   threads per rank, or 0 to leave the runtime's default
 * @param mainClass the class whose {@code main} every rank runs
 * @param args      the program's arguments
 */
record JobCommand(Path java, List<String> classpath, List<String> jvmArgs, int ranks, int threads, String mainClass,
                  List<String> args) {

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
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmArgs);
        command.add("-Djomp.np=" + ranks);
        if (threads > 0) {
            command.add("-Djomp.threads=" + threads);
        }
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classpath));
        command.add(mainClass);
        command.addAll(args);
        return command;
    }
}
