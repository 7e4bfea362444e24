package org.jomp.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class JobCommandTest {

    private static final Path JAVA = Path.of("/jdk/bin/java");

    @Test
    void jvmOptionsThenJobPropertiesThenClassPathThenProgram() {
        JobCommand command = new JobCommand(JobCommand.Transport.SHM, JAVA, List.of("/p/classes", "/r/a.jar"),
                List.of("-Xmx1g"), 4, 2,
                "app.Main", List.of("in.txt", "7"));
        assertEquals(List.of("/jdk/bin/java", "-Xmx1g", "-Djomp.np=4", "-Djomp.threads=2", "-cp",
                "/p/classes" + File.pathSeparator + "/r/a.jar", "app.Main", "in.txt", "7"), command.toList());
    }

    @Test
    void socketJobsGoThroughJomprunWithTheClassPathForItAndForTheRanks() {
        JobCommand command = new JobCommand(JobCommand.Transport.SOCKETS, JAVA, List.of("/p/classes", "/r/m.jar"),
                List.of("-Xmx1g", "-ea"), 3, 2, "app.Main", List.of("x"));
        String cp = "/p/classes" + File.pathSeparator + "/r/m.jar";
        assertEquals(List.of("/jdk/bin/java", "-cp", cp, JobCommand.JOMPRUN, "-np", "3", "--threads-per-rank", "2",
                "--transport", "sockets", "-cp", cp, "-J-Xmx1g", "-J-ea", "app.Main", "x"), command.toList());
    }

    @Test
    void transportsAreKnownByTheirPropertyValues() {
        assertEquals(JobCommand.Transport.SHM, JobCommand.Transport.of("shm"));
        assertEquals(JobCommand.Transport.SOCKETS, JobCommand.Transport.of("sockets"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JobCommand.Transport.of("pigeons"));
        assertTrue(e.getMessage().startsWith("jomp.transport = 'pigeons'"), e.getMessage());
    }

    @Test
    void anUnsetThreadCountLeavesTheRuntimeDefault() {
        JobCommand command = new JobCommand(JobCommand.Transport.SHM, JAVA, List.of("c"), List.of(), 1, 0,
                "app.Main", List.of());
        assertTrue(command.toList().stream().noneMatch(a -> a.startsWith("-Djomp.threads")), command::toString);
    }

    @Test
    void badArgumentsAreNamedWithTheirValue() {
        IllegalArgumentException ranks = assertThrows(IllegalArgumentException.class,
                () -> new JobCommand(JobCommand.Transport.SHM, JAVA, List.of(), List.of(), 0, 0, "app.Main",
                        List.of()));
        assertEquals("jomp.np = 0: a job needs at least one rank", ranks.getMessage());
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class,
                () -> new JobCommand(JobCommand.Transport.SHM, JAVA, List.of(), List.of(), 2, -1, "app.Main",
                        List.of()));
        assertTrue(threads.getMessage().startsWith("jomp.threads = -1"), threads.getMessage());
        IllegalArgumentException main = assertThrows(IllegalArgumentException.class,
                () -> new JobCommand(JobCommand.Transport.SHM, JAVA, List.of(), List.of(), 2, 1, " ", List.of()));
        assertTrue(main.getMessage().startsWith("jomp.mainClass is not set"), main.getMessage());
    }

    @Test
    void theJavaOfTheRunningJvmExists() {
        assertTrue(JobCommand.currentJava().toFile().canExecute(), () -> JobCommand.currentJava().toString());
    }
}
