package org.jomp.translator.exec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One program of the execution corpus (src/test/resources/corpus): a Java 17 class with a {@code main} whose output
 * does not depend on the number of threads, so its sequential run (directives are comments) is the oracle.
 */
public record CorpusProgram(String name, String source, String pendingReason) {

    /** Kinds the runtime schedule is set to for a program that reads {@code schedule(runtime)}. */
    public static final List<String> RUNTIME_SCHEDULES = List.of("static", "static,3", "dynamic,1", "dynamic,5",
            "guided,2", "auto");

    public String fileName() {
        return name + ".java";
    }

    public boolean pending() {
        return pendingReason != null;
    }

    public boolean readsRuntimeSchedule() {
        return source.contains("schedule(runtime)");
    }

    /** Every program of the corpus, sorted by name, with the reasons of PENDING.txt attached. */
    public static List<CorpusProgram> all() {
        Path dir = resourceDirectory("corpus");
        Map<String, String> pending = pendingReasons(dir.resolve("PENDING.txt"));
        try (Stream<Path> files = Files.list(dir)) {
            List<CorpusProgram> programs = files.filter(f -> f.getFileName().toString().endsWith(".java"))
                    .sorted()
                    .map(f -> {
                        String name = f.getFileName().toString().replaceFirst("\\.java$", "");
                        return new CorpusProgram(name, read(f), pending.get(name));
                    })
                    .toList();
            for (String name : pending.keySet()) {
                if (programs.stream().noneMatch(p -> p.name.equals(name))) {
                    throw new IllegalStateException("corpus/PENDING.txt names " + name
                            + ", which is not in the corpus");
                }
            }
            return programs;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The program of that name. */
    public static CorpusProgram named(String name) {
        return all().stream().filter(p -> p.name.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no corpus program named " + name));
    }

    /** A directory of the test resources (they are files under target/test-classes when tests run). */
    public static Path resourceDirectory(String name) {
        URL url = CorpusProgram.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalStateException("test resource directory '" + name + "' is not on the class path");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(url.toString(), e);
        }
    }

    /**
     * Reads a PENDING.txt: one entry a line, the name, then the reason; blank lines and lines starting with '#'
     * are ignored. A missing file means nothing is pending.
     */
    public static Map<String, String> pendingReasons(Path file) {
        Map<String, String> reasons = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return reasons;
        }
        int lineNumber = 0;
        for (String line : read(file).split("\n", -1)) {
            lineNumber++;
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] parts = trimmed.split("\\s+", 2);
            if (parts.length < 2) {
                throw new IllegalStateException(file + ":" + lineNumber + ": a pending entry needs a reason: " + line);
            }
            reasons.put(parts[0], parts[1]);
        }
        return reasons;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
