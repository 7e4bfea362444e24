package org.jomp.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceRootsTest {

    @TempDir
    Path base;

    private MavenProject project() {
        Model model = new Model();
        Build build = new Build();
        build.setDirectory(base.resolve("target").toString());
        model.setBuild(build);
        MavenProject project = new MavenProject(model);
        project.addCompileSourceRoot(base.resolve("src/main/java").toString());
        project.addCompileSourceRoot(base.resolve("target/generated-sources/antlr4").toString());
        project.addCompileSourceRoot(base.resolve("src/extra/java").toString());
        project.addTestCompileSourceRoot(base.resolve("src/test/java").toString());
        return project;
    }

    @Test
    void handWrittenRootsAreReplacedAndGeneratedOnesKept() {
        MavenProject project = project();
        Path out = base.resolve("target/generated-sources/jomp");
        List<Path> roots = SourceRoots.translatable(project, SourceRoots.Scope.MAIN, out);
        assertEquals(List.of(base.resolve("src/main/java"), base.resolve("src/extra/java")), roots);

        SourceRoots.swap(project, SourceRoots.Scope.MAIN, roots, out);
        assertEquals(List.of(base.resolve("target/generated-sources/antlr4").toString(), out.toString()),
                project.getCompileSourceRoots());
        assertEquals(List.of(base.resolve("src/test/java").toString()), project.getTestCompileSourceRoots());
    }

    @Test
    void aSecondExecutionTranslatesTheOriginalRootsAgainNotItsOwnOutput() {
        MavenProject project = project();
        Path out = base.resolve("target/generated-sources/jomp");
        List<Path> first = SourceRoots.translatable(project, SourceRoots.Scope.MAIN, out);
        SourceRoots.swap(project, SourceRoots.Scope.MAIN, first, out);

        assertEquals(first, SourceRoots.translatable(project, SourceRoots.Scope.MAIN, out));
        SourceRoots.swap(project, SourceRoots.Scope.MAIN, first, out);
        assertEquals(List.of(base.resolve("target/generated-sources/antlr4").toString(), out.toString()),
                project.getCompileSourceRoots());
    }

    @Test
    void testRootsAreSwappedInTheirOwnList() {
        MavenProject project = project();
        Path out = base.resolve("target/generated-test-sources/jomp");
        List<Path> roots = SourceRoots.translatable(project, SourceRoots.Scope.TEST, out);
        SourceRoots.swap(project, SourceRoots.Scope.TEST, roots, out);
        assertEquals(List.of(out.toString()), project.getTestCompileSourceRoots());
        assertEquals(3, project.getCompileSourceRoots().size());
    }
}
