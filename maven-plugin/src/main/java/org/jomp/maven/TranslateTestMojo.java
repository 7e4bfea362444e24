package org.jomp.maven;

import java.io.File;
import java.util.List;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Translates the directives of the test sources into {@code target/generated-test-sources/jomp} and compiles the
 * tests from there instead of the original roots, which are never modified.
 */
@Mojo(name = "translate-test", requiresDependencyResolution = ResolutionScope.TEST,
        defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES, threadSafe = true)
public class TranslateTestMojo extends AbstractTranslateMojo {

    /** Where the translated test sources are written. */
    @Parameter(defaultValue = "${project.build.directory}/generated-test-sources/jomp", required = true)
    private File outputDirectory;

    /** When tests are not even compiled ({@code -Dmaven.test.skip}), there is nothing to translate them for. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean testsSkipped;

    @Override
    SourceRoots.Scope scope() {
        return SourceRoots.Scope.TEST;
    }

    @Override
    List<String> classPathElements() throws DependencyResolutionRequiredException {
        return project.getTestClasspathElements();
    }

    @Override
    File outputDirectory() {
        return outputDirectory;
    }

    @Override
    boolean skipped() {
        return super.skipped() || testsSkipped;
    }
}
