package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jomp.msg.transport.Cpus;
import org.jomp.msg.transport.socket.HeapArrayIoReason;
import org.jomp.msg.transport.socket.MeshConfig;
import org.jomp.runtime.Omp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** jomprun end to end: real rank JVMs on loopback, the launcher itself run in this JVM. */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JomprunTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    /** The environment jomprun sees: none, so no test depends on the caller's, unless a test sets it. */
    private Map<String, String> env = Map.of();

    private int jomprun(String stdin, String... argv) {
        List<String> all = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"),
                "-J-XX:TieredStopAtLevel=1"));
        all.addAll(List.of(argv));
        return Jomprun.run(all.toArray(String[]::new),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                env);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void linesArePrefixedStdinGoesToRankZeroAndTheWorstExitStatusIsReturned() {
        int code = jomprun("first line\nsecond line\n", "-np", "3", "--threads-per-rank", "2",
                JomprunApp.class.getName(), "echo");
        String all = out() + err();
        assertEquals(3, code, all);
        for (int r = 0; r < 3; r++) {
            assertTrue(out().contains("[" + r + "] hello from " + r + " of 3 threads=2"), all);
        }
        int first = out().indexOf("[0] got: first line\n");
        assertTrue(first >= 0 && out().indexOf("[0] got: second line\n") > first, all);
        assertFalse(out().contains("[1] got:") || out().contains("[2] got:"), all);
        assertTrue(err().contains("jomprun: rank 1 failed with exit status 3"), all);
    }

    /**
     * A hosts file sends the ranks over ssh: here a stand-in ssh that runs the remote command in a shell on this
     * machine, with the nodes' names pointed at loopback, as sshd would run it on the node. The job secret must not be
     * on any command line (any user can read those with ps): the stand-in records its arguments, and the ranks
     * still prove the secret they read from their first line of input; rank 0 then gets the user's input.
     */
    @Test
    void ranksOverSshReadTheSecretFromTheirInputNotFromTheCommandLine(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(dir.resolve("hosts"), "node-a\nnode-b\n");
        Path log = dir.resolve("ssh-args");
        Path ssh = Files.writeString(dir.resolve("fake-ssh"), "#!/bin/sh\n"
                + "printf '%s\\n' \"$@\" >> '" + log + "'\n"
                + "shift\n"
                + "exec sh -c \"$(printf '%s' \"$1\" | sed \"s/'node-[ab]'/'127.0.0.1'/g\")\"\n");
        assertTrue(ssh.toFile().setExecutable(true));
        env = Map.of("JOMP_SSH", ssh.toString());
        int code = jomprun("first line\n", "-np", "2", "--hosts", hosts.toString(), JomprunApp.class.getName(),
                "echo");
        String all = out() + err();
        assertEquals(3, code, all);
        assertTrue(out().contains("[0] hello from 0 of 2") && out().contains("[1] hello from 1 of 2"), all);
        assertTrue(out().contains("[0] got: first line\n"), all);
        String args = Files.readString(log);
        assertTrue(args.contains("node-a") && args.contains("node-b"), args);
        assertFalse(args.contains("JOMP_JOB_SECRET="), "the secret is on ssh's command line:\n" + args);
    }

    @Test
    void socketRanksGetTheirFragmentBuffersOnHugePages() throws Exception {
        Path modeFile = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        assumeTrue(Files.exists(modeFile), "no transparent huge pages on this system");
        String mode = Files.readString(modeFile);
        assumeTrue(mode.contains("[always]") || mode.contains("[madvise]"), "transparent huge pages are off: " + mode);
        int code = jomprun("", "-np", "2", JomprunApp.class.getName(), "hugepages");
        String all = out() + err();
        assertEquals(0, code, all);
        for (int r = 0; r < 2; r++) {
            Matcher m = Pattern.compile("\\[" + r + "] tunables=(\\S+) hugeKiB=(\\d+)").matcher(out());
            assertTrue(m.find(), all);
            assertEquals("glibc.malloc.hugetlb=1", m.group(1), all);
            assertTrue(Integer.parseInt(m.group(2)) >= 2048, "rank " + r + " has no 2 MiB page: " + all);
        }
    }

    /** Each rank's "cpus=LIST available=N online=M pollMicros=P" line, in rank order: {LIST, N, P, M}. */
    private List<String[]> cpusOfRanks(int n) {
        List<String[]> found = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Matcher m = Pattern.compile("\\[" + r + "] cpus=(\\S+) available=(\\d+) online=(\\d+) pollMicros=(\\S+)")
                    .matcher(out());
            assertTrue(m.find(), out() + err());
            found.add(new String[] {m.group(1), m.group(2), m.group(4), m.group(3)});
        }
        return found;
    }

    @Test
    void ranksThatFitOnTheCoresAreBoundToOneEachAndNotWithBindToNone() {
        List<Integer> cpus = Cpus.allowed();
        assumeTrue(cpus.size() >= 2, "needs 2 cores");
        assumeTrue(CoreBinding.taskset(System.getenv("PATH")) != null, "needs taskset");
        env = Map.of("PATH", System.getenv("PATH"));
        assertEquals(0, jomprun("", "-np", "2", JomprunApp.class.getName(), "cpus"), out() + err());
        List<String[]> bound = cpusOfRanks(2);
        // A bound JVM knows it is bound (it may use fewer CPUs than the machine has) and polls longer.
        String longBudget = Integer.toString(MeshConfig.BOUND_POLL_MICROS);
        String online = Integer.toString(Cpus.online());
        assertEquals(List.of(cpus.get(0).toString(), "1", longBudget, online), List.of(bound.get(0)), out());
        assertEquals(List.of(cpus.get(1).toString(), "1", longBudget, online), List.of(bound.get(1)), out());

        out.reset();
        assertEquals(0, jomprun("", "-np", "2", "--bind-to", "none", JomprunApp.class.getName(), "cpus"),
                out() + err());
        for (String[] free : cpusOfRanks(2)) {
            assertEquals(cpus, Cpus.parse(free[0]), out());
            // Unbound ranks have jomprun's CPUs: bound only if this test JVM is.
            int budget = Cpus.bound() ? MeshConfig.BOUND_POLL_MICROS : MeshConfig.POLL_MICROS;
            assertEquals(Integer.toString(budget), free[2], out());
        }

        out.reset();
        assertEquals(0, jomprun("", "-np", "2", "-J-Djomp.msg.socket.pollMicros=70", JomprunApp.class.getName(),
                "cpus"), out() + err());
        for (String[] own : cpusOfRanks(2)) {
            assertEquals("70", own[2], "the user's budget wins: " + out());
        }
    }

    /** Each rank's "crowded=B" line, in rank order. */
    private List<String> crowdedOfRanks(int n) {
        List<String> found = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Matcher m = Pattern.compile("\\[" + r + "] crowded=(\\S+)").matcher(out());
            assertTrue(m.find(), out() + err());
            found.add(m.group(1));
        }
        return found;
    }

    @Test
    void everyRankOfAJobWithMoreRanksThanCoresIsToldSoUnlessTheUserSaidOtherwise() {
        int cores = Cpus.allowed().size();
        int n = cores + 1;
        // The load check off: only the launcher's word can make these ranks' waits oversubscribed.
        assertEquals(0, jomprun("", "-np", Integer.toString(n), "-J-Djomp.msg.busyLoad=1000",
                JomprunApp.class.getName(), "crowded"), out() + err());
        assertEquals(Collections.nCopies(n, "true"), crowdedOfRanks(n), out());
        for (int r = 0; r < n; r++) {
            assertTrue(out().contains("[" + r + "] crowded=true oversubscribed=true"),
                    "a rank told its job is crowded waits as oversubscribed: " + out());
        }
        assertTrue(err().contains("jomprun: note: " + n + " rank JVMs share " + cores + " core"), err());

        out.reset();
        assertEquals(0, jomprun("", "-np", Integer.toString(n), "-J-Djomp.msg.crowded=false",
                JomprunApp.class.getName(), "crowded"), out() + err());
        assertEquals(Collections.nCopies(n, "false"), crowdedOfRanks(n), "the user's setting wins: " + out());

        out.reset();
        err.reset();
        assertEquals(0, jomprun("", "-np", "1", JomprunApp.class.getName(), "crowded"), out() + err());
        assertEquals(List.of("false"), crowdedOfRanks(1), out());
        assertFalse(err().contains("jomprun: note:"), err());
    }

    @Test
    void aJobOfSeveralJvmsWithMoreRanksThanCoresIsToldWhatThatCostsAndWhatToRunInstead() {
        assertNull(Jomprun.crowdedNote(2, 2, 2));
        assertNull(Jomprun.crowdedNote(1, 1, 8));
        assertNull(Jomprun.crowdedNote(8, 1, 2), "thread ranks of one JVM share its JIT");
        assertNull(Jomprun.crowdedNote(4, 2, 4), "2 JVMs of 2 ranks fit on 4 cores");
        String note = Jomprun.crowdedNote(8, 8, 2);
        assertTrue(note.startsWith("jomprun: note: 8 rank JVMs share 2 cores; "), note);
        assertTrue(note.contains("--transport shm"), note);
        assertTrue(note.contains("-J-XX:TieredStopAtLevel=1, the C1 compiler alone"), note);
        assertTrue(Jomprun.crowdedNote(3, 3, 1).contains("share 1 core;"), Jomprun.crowdedNote(3, 3, 1));
        String hybrid = Jomprun.crowdedNote(8, 2, 2);
        assertTrue(hybrid.startsWith("jomprun: note: 8 ranks in 2 JVMs share 2 cores; "), hybrid);
        assertTrue(hybrid.contains("-J-XX:TieredStopAtLevel=1"), hybrid);
    }

    @Test
    void bindingMoreCoresThanTheMachineHasIsRefusedSayingSo() {
        env = Map.of("PATH", System.getenv("PATH"));
        int n = Cpus.allowed().size();
        assertEquals(2, jomprun("", "-np", "1", "--threads-per-rank", Integer.toString(n + 1), "--bind-to", "core",
                JomprunApp.class.getName(), "cpus"));
        assertTrue(err().contains("jomprun: --bind-to core: 1 JVMs of " + (n + 1) + " cores each do not fit on the "
                + n + " cores of this machine (use --bind-to none)"), err());

        err.reset();
        env = Map.of("PATH", "/nonexistent");
        assertEquals(2, jomprun("", "-np", "1", "--bind-to", "core", JomprunApp.class.getName(), "cpus"));
        assertTrue(err().contains("jomprun: --bind-to core needs taskset (util-linux) on the PATH"), err());
    }

    @Test
    void rankJvmsOfJava22AndLaterAreGivenWhatSendingArraysInPlaceNeeds() {
        int feature = Runtime.version().feature();
        int code = jomprun("", "-np", "2", HeapArrayIoReason.class.getName());
        String all = out() + err();
        assertEquals(0, code, all);
        String expected = feature >= 22 ? "in place"
                : "Java " + feature + " (in-place array I/O needs Java 22 or later)";
        assertTrue(out().contains("[0] " + expected) && out().contains("[1] " + expected), all);
        assertEquals(List.of(), Jomprun.inPlaceArrayOptions(21));
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"),
                Jomprun.inPlaceArrayOptions(22));
    }

    @Test
    void theUsersOwnGlibcTunablesAreKept() {
        assertEquals("glibc.malloc.hugetlb=1", Jomprun.glibcTunables(null));
        assertEquals("glibc.malloc.hugetlb=1", Jomprun.glibcTunables(" "));
        assertEquals("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1",
                Jomprun.glibcTunables("glibc.malloc.arena_max=2"));
        assertEquals("glibc.malloc.hugetlb=0", Jomprun.glibcTunables("glibc.malloc.hugetlb=0"));
    }

    @Test
    void aRankThatThrowsEndsTheJobNamingItAndWhy() {
        int code = jomprun("", "-np", "3", JomprunApp.class.getName(), "fail");
        String all = out() + err();
        assertEquals(1, code, all);
        assertTrue(err().contains("jomprun: rank 2 failed with exit status 1: java.lang.IllegalStateException:"
                + " rank two breaks"), all);
        assertFalse(out().contains("passed a barrier"), all);
        assertTrue(err().contains("RankFailedException: rank 2 failed"), all);
    }

    @Test
    void ranksThatDoNotEndAfterAFailureAreKilled() {
        long t0 = System.nanoTime();
        int code = jomprun("", "-np", "2", JomprunApp.class.getName(), "hang");
        String all = out() + err();
        assertEquals(4, code, all);
        assertTrue(err().contains("jomprun: rank 1 failed with exit status 4: rank one gives up; the job was ended"),
                all);
        assertTrue(err().contains("jomprun: killing rank 0, still running after the failure"), all);
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(100), "the sleeping rank was not killed");
    }

    @Test
    void sharedMemoryRunsTheRanksAsThreadsOfOneJvm() {
        int code = jomprun("", "--transport", "shm", "-np", "3", JomprunApp.class.getName(), "echo");
        String all = out() + err();
        assertEquals(3, code, all);
        for (int r = 0; r < 3; r++) {
            assertTrue(out().contains("hello from " + r + " of 3 threads=null"), all);
        }
    }

    @Test
    void aHybridJobThatFitsInOneJvmRunsItsRanksAsThreads() {
        int code = jomprun("", "--transport", "hybrid", "--ranks-per-jvm", "4", "-np", "3",
                JomprunApp.class.getName(), "echo");
        String all = out() + err();
        assertEquals(3, code, all);
        for (int r = 0; r < 3; r++) {
            assertTrue(out().contains("hello from " + r + " of 3 threads=null"), all);
        }
    }

    @Test
    void hybridJvmsArePrefixedWithTheirRanks() {
        int code = jomprun("", "--transport", "hybrid", "--ranks-per-jvm", "2", "-np", "3",
                JomprunApp.class.getName(), "echo");
        String all = out() + err();
        assertEquals(3, code, all);
        assertTrue(out().contains("[0-1] hello from 0 of 3") && out().contains("[0-1] hello from 1 of 3")
                && out().contains("[2] hello from 2 of 3"), all);
        assertTrue(err().contains("jomprun: the JVM of ranks 0-1 failed with exit status 3"), all);
    }

    @Test
    void aThreadRankThatThrowsInAHybridJobEndsEveryRankNamingIt() {
        int code = jomprun("", "--transport", "hybrid", "--ranks-per-jvm", "2", "-np", "4",
                JomprunApp.class.getName(), "fail");
        String all = out() + err();
        assertEquals(1, code, all);
        assertFalse(out().contains("passed a barrier"), all);
        assertTrue(err().contains("jomprun: the JVM of ranks 2-3 failed with exit status 1"), all);
        assertTrue(err().contains("[2-3] jomp: rank 2 failed: java.lang.IllegalStateException: rank two breaks"), all);
        assertTrue(err().contains("[0-1] jomp: rank ") && err().contains("[0-1] org.jomp.msg.RankFailedException:"
                + " rank 2 failed"), all);
    }

    @Test
    void badCommandLinesAreRefusedWithTheUsage() {
        assertEquals(2, jomprun("", JomprunApp.class.getName()));
        assertTrue(err().contains("jomprun: -np N is required") && err().contains("usage: jomprun -np N"), err());
        err.reset();
        assertEquals(2, jomprun("", "-np", "0", "Main"));
        assertTrue(err().contains("-np 0: expected a positive number"), err());
        err.reset();
        assertEquals(2, jomprun("", "-np", "2", "--transport", "hybrid", "Main"));
        assertTrue(err().contains("--transport hybrid needs --ranks-per-jvm K"), err());
        err.reset();
        assertEquals(2, jomprun("", "-np", "4", "--transport", "sockets", "--ranks-per-jvm", "2", "Main"));
        assertTrue(err().contains("--transport sockets runs one rank per JVM: --ranks-per-jvm 2 does not apply"),
                err());
        err.reset();
        assertEquals(2, jomprun("", "-np", "4", "--transport", "shm", "--ranks-per-jvm", "2", "Main"));
        assertTrue(err().contains("--transport shm runs all 4 ranks in one JVM: --ranks-per-jvm 2"), err());
        err.reset();
        assertEquals(2, jomprun("", "-np", "4", "--ranks-per-jvm", "0", "Main"));
        assertTrue(err().contains("--ranks-per-jvm 0: expected a positive number"), err());
        err.reset();
        assertEquals(2, jomprun("", "-np", "2", "--bind-to", "socket", "Main"));
        assertTrue(err().contains("jomprun: --bind-to socket: expected core or none")
                && err().contains("[--bind-to core|none]"), err());
    }

    @Test
    void theOpenMpRuntimeIsFoundOnJomprunsClassPathElseBesideThisRuntime(@TempDir Path dir) throws Exception {
        Path own = Jomprun.smpLocation(Path.of("/nowhere/jomp-runtime-msg.jar"), getClass().getClassLoader());
        assertEquals(Path.of(Omp.class.getProtectionDomain().getCodeSource().getLocation().toURI()), own);

        ClassLoader withoutSmp = new URLClassLoader(new URL[0], null);
        String[][] layouts = {
            {"tree/jomp-runtime-msg/target/classes", "tree/jomp-runtime-smp/target/classes"},
            {"tree/jomp-runtime-msg/target/jomp-runtime-msg-0.1.jar",
                "tree/jomp-runtime-smp/target/jomp-runtime-smp-0.1.jar"},
            {"m2/org/jomp/jomp-runtime-msg/0.1/jomp-runtime-msg-0.1.jar",
                "m2/org/jomp/jomp-runtime-smp/0.1/jomp-runtime-smp-0.1.jar"},
            {"lib/jomp-runtime-msg-0.1.jar", "lib/jomp-runtime-smp-0.1.jar"},
        };
        for (String[] layout : layouts) {
            Path msg = Files.createDirectories(dir.resolve(layout[0]));
            assertNull(Jomprun.smpLocation(msg, withoutSmp), "nothing beside " + msg + " yet");
            Path smp = Files.createDirectories(dir.resolve(layout[1]));
            assertEquals(smp, Jomprun.smpLocation(msg, withoutSmp));
        }
        assertNull(Jomprun.smpLocation(Files.createDirectories(dir.resolve("other/app.jar")), withoutSmp));
    }
}
