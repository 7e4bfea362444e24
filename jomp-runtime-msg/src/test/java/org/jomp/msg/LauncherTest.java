package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.msg.launch.JobFailedException;
import org.jomp.msg.launch.RankClassLoader;
import org.jomp.msgtest.FailingApp;
import org.jomp.msgtest.StaticCounterApp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LauncherTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void eachRankRunsMainWithItsOwnStaticState(int np) {
        EmbeddedLauncher.runMain(np, StaticCounterApp.class.getName(), new String[] {"hello"},
                getClass().getClassLoader());
        assertEquals(0, StaticCounterApp.starts, "the test's own copy of the class was not used by any rank");
    }

    @Test
    void rankClassLoaderDefinesApplicationClassesButSharesTheRuntime() throws Exception {
        ClassLoader parent = getClass().getClassLoader();
        RankClassLoader a = new RankClassLoader(0, parent);
        RankClassLoader b = new RankClassLoader(1, parent);
        Class<?> appA = a.loadClass(StaticCounterApp.class.getName());
        Class<?> appB = b.loadClass(StaticCounterApp.class.getName());
        assertNotSame(appA, appB);
        assertSame(a, appA.getClassLoader());
        assertSame(Comm.class, a.loadClass(Comm.class.getName()));
        assertSame(String.class, b.loadClass("java.lang.String"));
    }

    @Test
    void aFailingMainEndsTheJobNamingItsRank() {
        JobFailedException e = assertThrows(JobFailedException.class, () -> EmbeddedLauncher.runMain(4,
                FailingApp.class.getName(), new String[0], getClass().getClassLoader()));
        assertEquals(1, e.rank());
        assertTrue(e.getMessage().contains("rank 1"), e.getMessage());
        assertEquals("rank one gives up", e.getCause().getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8})
    void ranksBlockedInReceivesAndCollectivesGetTheFailedRank(int np) {
        List<AtomicReference<Throwable>> seen = new ArrayList<>();
        for (int i = 0; i < np; i++) seen.add(new AtomicReference<>());
        JobFailedException e = assertThrows(JobFailedException.class, () -> EmbeddedLauncher.run(np, w -> {
            try {
                if (w.rank() == np - 1) {
                    w.barrier();
                    throw new ArithmeticException("last rank divides by zero");
                }
                w.barrier();
                if (w.rank() % 2 == 0) {
                    w.recv(new int[1], 0, 1, np - 1, 0);
                } else {
                    w.allreduce(new double[4], 0, new double[4], 0, 4, Op.SUM);
                }
            } catch (RuntimeException t) {
                seen.get(w.rank()).set(t);
                throw t;
            }
        }));
        assertEquals(np - 1, e.rank(), () -> "first failure: " + e.getCause());
        assertTrue(e.getCause() instanceof ArithmeticException);
        for (int r = 0; r < np - 1; r++) {
            Throwable t = seen.get(r).get();
            assertTrue(t instanceof RankFailedException, "rank " + r + " got " + t);
            assertEquals(np - 1, ((RankFailedException) t).failedRank());
            assertTrue(t.getMessage().contains("rank " + (np - 1) + " failed"), t.getMessage());
        }
    }

    @Test
    void aPlainJvmIsAWorldOfOne() {
        Comm w = Comm.world();
        assertEquals(1, w.size());
        assertEquals(0, w.rank());
        assertSame(w, Comm.world());
        double[] x = {2.5};
        w.allreduce(x, 0, x, 0, 1, Op.SUM);
        assertEquals(2.5, x[0]);
    }

    @Test
    void threadsStartedByARankFindItsWorld() {
        EmbeddedLauncher.run(3, w -> {
            AtomicReference<Comm> fromChild = new AtomicReference<>();
            Thread t = new Thread(() -> fromChild.set(Comm.world()));
            t.start();
            t.join(10_000);
            assertSame(w, fromChild.get());
            assertSame(w, Comm.world());
        });
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void waitingForARankThatHasEndedFailsInsteadOfHanging(boolean sharedCollectives) {
        JobFailedException e = assertThrows(JobFailedException.class, () -> EmbeddedLauncher.run(3,
                sharedCollectives, w -> {
                    if (w.rank() == 1) {
                        return;
                    }
                    if (w.rank() == 0) {
                        CommException x = assertThrows(CommException.class, () -> w.recv(new int[1], 0, 1, 1, 5));
                        assertEquals("recv on rank 0: rank 1 ended without sending a message with tag 5 to match"
                                + " this receive", x.getMessage());
                        CommException s = assertThrows(CommException.class, () -> w.send(new double[1 << 16], 0,
                                1 << 16, 1, 0));
                        assertTrue(s.getMessage().contains("rank 1 has ended"), s.getMessage());
                    }
                    w.barrier();
                }));
        assertTrue(e.getCause() instanceof CommException, String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().contains("barrier on rank"), e.getCause().getMessage());
        assertTrue(e.getCause().getMessage().contains("rank 1"), e.getCause().getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"barrier", "bcast", "allreduce", "allgather", "allgatherv"})
    void aRankThatEndsBeforeASharedCollectiveIsNamedByTheOthers(String op) {
        JobFailedException e = assertThrows(JobFailedException.class, () -> EmbeddedLauncher.run(3, w -> {
            if (w.rank() == 2) {
                return;
            }
            double[] x = {w.rank()};
            double[] all = new double[3];
            switch (op) {
                case "barrier" -> w.barrier();
                case "bcast" -> w.bcast(x, 0, 1, 2);
                case "allreduce" -> w.allreduce(x, 0, x, 0, 1, Op.SUM);
                case "allgather" -> w.allgather(x, 0, all, 0, 1);
                default -> w.allgatherv(x, 0, 1, all, new int[] {1, 1, 1}, new int[] {0, 1, 2});
            }
        }));
        String message = String.valueOf(e.getCause().getMessage());
        assertTrue(message.startsWith(op + " on rank "), message);
        assertTrue(message.endsWith("rank 2 ended without taking part in it"), message);
    }
}
