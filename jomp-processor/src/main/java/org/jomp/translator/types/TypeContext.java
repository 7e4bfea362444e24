package org.jomp.translator.types;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where the types a source does not spell out can be looked up: the JDK, the class path (jars and class
 * directories) and the source roots of the project (so that types declared in other files resolve). The context
 * {@link #none()} turns resolution off: the translator then reads types from the source alone.
 */
public final class TypeContext {

    private static final TypeContext NONE = new TypeContext(false, List.of(), List.of());

    private final boolean enabled;
    private final List<Path> classPath;
    private final List<Path> sourceRoots;

    private TypeContext(boolean enabled, List<Path> classPath, List<Path> sourceRoots) {
        this.enabled = enabled;
        this.classPath = List.copyOf(classPath);
        this.sourceRoots = List.copyOf(sourceRoots);
    }

    public static TypeContext none() {
        return NONE;
    }

    /** Resolution against the JDK and the given entries (either list may be empty). */
    public static TypeContext of(List<Path> classPath, List<Path> sourceRoots) {
        return new TypeContext(true, classPath, sourceRoots);
    }

    public boolean enabled() {
        return enabled;
    }

    /** Jars and directories of compiled classes. */
    public List<Path> classPath() {
        return classPath;
    }

    /** Directories holding Java sources by package. */
    public List<Path> sourceRoots() {
        return sourceRoots;
    }

    /** What is searched, for messages. */
    public String describe() {
        return "the JDK, class path [" + join(classPath) + "] and source roots [" + join(sourceRoots) + "]";
    }

    private static String join(List<Path> paths) {
        return paths.stream().map(Path::toString).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return enabled ? describe() : "no type resolution";
    }
}
