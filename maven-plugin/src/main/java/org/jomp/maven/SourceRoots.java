package org.jomp.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.apache.maven.project.MavenProject;

/**
 * The one place that reads and changes a project's compile source roots. The roots written by hand are translated
 * into the plugin's output directory, which then replaces them, so the compiler sees the translations and never the
 * originals; roots inside the build directory belong to other generators (annotation processors, parser generators)
 * and are left as they are, still compiled. Maven 4 no longer lets a plugin edit these lists: keeping all edits here
 * leaves one class to port.
 */
final class SourceRoots {

    /** Main or test sources: which of the project's lists of roots, and where to remember the originals. */
    enum Scope {
        MAIN, TEST;

        List<String> roots(MavenProject project) {
            return this == MAIN ? project.getCompileSourceRoots() : project.getTestCompileSourceRoots();
        }

        void add(MavenProject project, String root) {
            if (this == MAIN) {
                project.addCompileSourceRoot(root);
            } else {
                project.addTestCompileSourceRoot(root);
            }
        }

        /** Key of the project context value that keeps the roots as they were before the swap. */
        String contextKey() {
            return "org.jomp.maven.translatedRoots." + name();
        }
    }

    private SourceRoots() {
    }

    /**
     * The roots to translate: the project's roots outside the build directory. When this project's roots were
     * already swapped in this session (a second execution, or an IDE build on the same project), the originals
     * remembered then, so the output directory is never taken for a source.
     */
    static List<Path> translatable(MavenProject project, Scope scope, Path outputDirectory) {
        Optional<List<Path>> remembered = translated(project, scope);
        if (remembered.isPresent()) {
            return remembered.get();
        }
        Path buildDirectory = Path.of(project.getBuild().getDirectory()).toAbsolutePath().normalize();
        Path output = outputDirectory.toAbsolutePath().normalize();
        List<Path> roots = new ArrayList<>();
        for (String root : scope.roots(project)) {
            Path path = Path.of(root).toAbsolutePath().normalize();
            if (!path.startsWith(buildDirectory) && !path.equals(output)) {
                roots.add(path);
            }
        }
        return List.copyOf(roots);
    }

    /** The roots of the scope that were translated in this session, if they were. */
    static Optional<List<Path>> translated(MavenProject project, Scope scope) {
        return project.getContextValue(scope.contextKey()) instanceof List<?> list
                ? Optional.of(list.stream().map(o -> (Path) o).toList()) : Optional.empty();
    }

    /** Compiles from {@code outputDirectory} instead of the translated roots. */
    static void swap(MavenProject project, Scope scope, List<Path> translated, Path outputDirectory) {
        project.setContextValue(scope.contextKey(), translated);
        scope.roots(project).removeIf(root -> translated.contains(Path.of(root).toAbsolutePath().normalize()));
        scope.add(project, outputDirectory.toAbsolutePath().normalize().toString());
    }
}
