package org.jomp.translator.exec;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles Java sources held in strings with javax.tools, keeping the class files in memory, against the test class
 * path (so the runtime and jomp.runtime.OMP resolve). Many sources go through one javac task: a file with errors is
 * reported on its own and the others are compiled again without it, so one broken program costs one extra pass, not
 * one javac run per program.
 */
public final class InMemoryCompiler {

    /** The result for one source file: its classes (name to bytes) or javac's messages. */
    public record Result(String fileName, Map<String, byte[]> classes, String errors) {
        public boolean ok() {
            return errors.isEmpty();
        }
    }

    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();

    /** Compiles every source (file name such as {@code Fib.java} to text); sources must not share class names. */
    public Map<String, Result> compileAll(Map<String, String> sources) {
        Map<String, Result> results = new LinkedHashMap<>();
        Map<String, String> pending = new LinkedHashMap<>(sources);
        while (!pending.isEmpty()) {
            Batch batch = compileBatch(pending);
            if (batch.errorsByFile.isEmpty() && batch.otherErrors.isEmpty()) {
                for (String file : pending.keySet()) {
                    results.put(file, new Result(file, batch.classesOf(file), ""));
                }
                break;
            }
            if (batch.errorsByFile.isEmpty()) {
                // An error without a file (a bad option, say) would repeat forever: report it for every file.
                for (String file : pending.keySet()) {
                    results.put(file, new Result(file, Map.of(), batch.otherErrors));
                }
                break;
            }
            for (Map.Entry<String, String> e : batch.errorsByFile.entrySet()) {
                results.put(e.getKey(), new Result(e.getKey(), Map.of(), e.getValue()));
                pending.remove(e.getKey());
            }
        }
        // A file that failed in company may have failed because of another (two files declaring one class name):
        // it gets a second chance alone, so each verdict is about the file itself.
        if (sources.size() > 1) {
            for (Map.Entry<String, Result> e : results.entrySet()) {
                if (!e.getValue().ok()) {
                    Map<String, String> alone = Map.of(e.getKey(), sources.get(e.getKey()));
                    Batch batch = compileBatch(alone);
                    if (batch.errorsByFile.isEmpty() && batch.otherErrors.isEmpty()) {
                        e.setValue(new Result(e.getKey(), batch.classesOf(e.getKey()), ""));
                    }
                }
            }
        }
        Map<String, Result> ordered = new LinkedHashMap<>();
        for (String file : sources.keySet()) {
            ordered.put(file, results.get(file));
        }
        return ordered;
    }

    /** Compiles one source on its own. */
    public Result compile(String fileName, String source) {
        return compileAll(Map.of(fileName, source)).get(fileName);
    }

    private Batch compileBatch(Map<String, String> sources) {
        List<JavaFileObject> units = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            units.add(new SourceFile(e.getKey(), e.getValue()));
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8);
        ClassFiles files = new ClassFiles(standard);
        List<String> options = List.of("-proc:none", "-g", "-nowarn", "-Xlint:none", "-encoding", "UTF-8",
                "--release", "17", "-classpath", System.getProperty("java.class.path"));
        javac.getTask(null, files, diagnostics, options, null, units).call();
        Batch batch = new Batch(files);
        StringBuilder other = new StringBuilder();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            String message = d.getMessage(Locale.ROOT);
            if (d.getSource() instanceof SourceFile s) {
                batch.errorsByFile.merge(s.fileName, s.fileName + ":" + d.getLineNumber() + ":" + d.getColumnNumber()
                        + ": " + message + "\n", String::concat);
            } else {
                other.append(message).append('\n');
            }
        }
        batch.otherErrors = other.toString();
        return batch;
    }

    private static final class Batch {
        final Map<String, String> errorsByFile = new LinkedHashMap<>();
        String otherErrors = "";
        final ClassFiles files;

        Batch(ClassFiles files) {
            this.files = files;
        }

        /** The classes whose javac source was this file (top-level, nested, anonymous and local classes). */
        Map<String, byte[]> classesOf(String fileName) {
            return files.origins.entrySet().stream()
                    .filter(e -> e.getValue().equals(fileName))
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> files.bytes.get(e.getKey()).toByteArray()));
        }
    }

    private static final class SourceFile extends SimpleJavaFileObject {
        final String fileName;
        final String text;

        SourceFile(String fileName, String text) {
            super(URI.create("string:///" + fileName), Kind.SOURCE);
            this.fileName = fileName;
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** Keeps generated class files in memory and remembers which source each came from. */
    private static final class ClassFiles extends ForwardingJavaFileManager<StandardJavaFileManager> {
        final Map<String, ByteArrayOutputStream> bytes = new HashMap<>();
        final Map<String, String> origins = new HashMap<>();

        ClassFiles(StandardJavaFileManager standard) {
            super(standard);
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                FileObject sibling) {
            String origin = sibling instanceof SourceFile s ? s.fileName : "";
            origins.put(className, origin);
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension),
                    kind) {
                @Override
                public OutputStream openOutputStream() {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    bytes.put(className, out);
                    return out;
                }
            };
        }

        @Override
        public boolean isSameFile(FileObject a, FileObject b) {
            return a.toUri().equals(b.toUri());
        }
    }
}
