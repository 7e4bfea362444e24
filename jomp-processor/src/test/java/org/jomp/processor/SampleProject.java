package org.jomp.processor;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The sample project under test resources {@code annotations/sample}, copied to a directory and built the way a
 * user without the Maven plugin builds it: the JDK's own {@code javac} with the processor jar's classes and their
 * dependencies on {@code -processorpath}, and nothing else of JOMP's but the annotations and the runtime on the
 * class path.
 */
final class SampleProject {

    /** The processor and what it needs: jomp-processor's classes, JavaParser, ASM. */
    static String processorPath() {
        return entries(e -> e.contains("jomp-processor") && e.endsWith("classes") && !e.endsWith("test-classes")
                || e.contains("javaparser-core") || e.matches(".*/asm(-commons|-tree)?-[0-9.]+\\.jar"));
    }

    /** What the user's code compiles and runs against: the annotations and the runtime. */
    static String userClassPath() {
        return entries(e -> e.contains("jomp-annotations") || e.contains("jomp-runtime-smp"));
    }

    private static String entries(java.util.function.Predicate<String> wanted) {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(e -> e.replace('\\', '/')).filter(wanted).collect(Collectors.joining(File.pathSeparator));
    }

    /** Copies the sample sources into dir/src and returns the copied files. */
    static List<Path> copySources(Path dir) throws IOException {
        Path from = Path.of("src/test/resources/annotations/sample");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path to = dir.resolve("src").resolve(from.relativize(p).toString());
                Files.createDirectories(to.getParent());
                Files.copy(p, to);
                files.add(to);
            }
        }
        return files;
    }

    record Run(int exit, String output) {
    }

    static Run run(List<String> command, Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out;
        try (var in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("timed out: " + command);
        }
        return new Run(p.exitValue(), out);
    }

    /** javac of the given JDK: -d out -s gen -processorpath ... -cp ... sources. */
    static Run javac(Path jdk, Path dir, List<Path> sources, String... extra) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/javac").toString(), "-d", "out", "-s", "gen",
                "--release", "17", "-processorpath", processorPath(), "-cp", userClassPath()));
        cmd.addAll(List.of(extra));
        sources.forEach(s -> cmd.add(s.toString()));
        return run(cmd, dir);
    }

    static Run java(Path jdk, Path dir, String mainClass, int threads) throws IOException, InterruptedException {
        return run(List.of(jdk.resolve("bin/java").toString(), "-Djomp.threads=" + threads, "-cp",
                "out" + File.pathSeparator + userClassPath(), mainClass), dir);
    }

    /** Every class file under out, checked by ASM's verifier; returns the problems found (empty when none). */
    static String verify(Path out) throws IOException {
        List<URL> urls = new ArrayList<>();
        urls.add(out.toUri().toURL());
        for (String e : userClassPath().split(File.pathSeparator)) {
            urls.add(Path.of(e).toUri().toURL());
        }
        StringWriter problems = new StringWriter();
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), null);
             Stream<Path> walk = Files.walk(out)) {
            for (Path c : walk.filter(p -> p.toString().endsWith(".class")).toList()) {
                StringWriter one = new StringWriter();
                CheckClassAdapter.verify(new ClassReader(Files.readAllBytes(c)), loader, false, new PrintWriter(one));
                if (!one.toString().isEmpty()) {
                    problems.append(c.toString()).append(":\n").append(one.toString());
                }
            }
        }
        return problems.toString();
    }
}
