package org.jomp.maven;

import java.io.File;
import java.util.List;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Translates the directives of the main sources into {@code target/generated-sources/jomp} and compiles from there
 * instead of the original roots, which are never modified.
 */
@Mojo(name = "translate", requiresDependencyResolution = ResolutionScope.COMPILE,
        defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class TranslateMojo extends AbstractTranslateMojo {

    /** Where the translated main sources are written. */
    @Parameter(defaultValue = "${project.build.directory}/generated-sources/jomp", required = true)
    private File outputDirectory;

    @Override
    SourceRoots.Scope scope() {
        return SourceRoots.Scope.MAIN;
    }

    @Override
    List<String> classPathElements() throws DependencyResolutionRequiredException {
        return project.getCompileClasspathElements();
    }

    @Override
    File outputDirectory() {
        return outputDirectory;
    }
}
