package org.jomp.msg.launch;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.hybrid.HybridNode;

/**
 * What a JVM of a hybrid job tells the other JVMs when it ends while its ranks run: a shutdown hook. System.exit
 * in any rank ends the whole JVM, its other ranks included (there is no way for one thread rank to leave alone),
 * so the peers in other JVMs must hear which rank ended it rather than see every connection of this JVM reset and
 * blame whichever they notice first.
 *
 * <ul>
 * <li>No rank of this JVM still running (the normal end, after every rank's {@code main} returned): nothing to do.
 * <li>The rank that called System.exit is the last one running here: it leaves as a socket rank does, waiting up to
 * {@code -Djomp.msg.socket.exitGraceMillis} (default 2000) for its peers' goodbyes; if some peer still counts on it,
 * the job is aborted naming it.
 * <li>Other ranks of this JVM still run: the job is aborted at once naming the rank that called System.exit, or,
 * when no rank did (a signal, or another thread), naming this JVM's ranks, and its first rank as the one that
 * failed, and says so on standard error too.
 * </ul>
 */
final class HybridExit {
    private final HybridNode node;
    private final Thread[] threads;

    private HybridExit(HybridNode node, Thread[] threads) {
        this.node = node;
        this.threads = threads;
    }

    /** Installs the hook for {@code node}, whose rank {@code node.first() + i} runs in {@code threads[i]}. */
    static Thread install(HybridNode node, Thread[] threads) {
        HybridExit exit = new HybridExit(node, threads);
        Thread hook = new Thread(exit::run, "jomp-ranks-" + node.first() + "-exit");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    /** Removes the hook once every rank has ended (a JVM already shutting down keeps it). */
    static void uninstall(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run; it finds no rank still running
        }
    }

    private void run() {
        boolean othersRun = false;
        boolean anyRuns = false;
        ExitCause cause = ExitCause.now();
        int culprit = cause.thread() == null ? -1 : rankOf(cause.thread());
        for (int i = 0; i < threads.length; i++) {
            if (threads[i].isAlive()) {
                anyRuns = true;
                othersRun |= node.first() + i != culprit;
            }
        }
        if (!anyRuns) {
            return;
        }
        if (culprit >= 0 && !othersRun
                && node.leaveWithin(culprit, Long.getLong("jomp.msg.socket.exitGraceMillis", 2000))) {
            return;
        }
        CommException why = new CommException(culprit >= 0
                ? "rank " + culprit + " exited (" + cause + ") while other ranks were still running"
                : "the JVM of " + ranks() + " was ended (" + cause + ") while its ranks were still running");
        if (culprit < 0) {
            // Said here too, for jomprun's report; after System.exit the program's own last words tell more.
            System.err.println(why);
        }
        // No rank ended it: the JVM's first rank stands for all of them, so every rank names the same one.
        node.abort(culprit >= 0 ? culprit : node.first(), why);
    }

    /** The rank {@code t} belongs to: a rank's own thread, or a thread running with a rank's class loader. */
    private int rankOf(Thread t) {
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] == t) {
                return node.first() + i;
            }
        }
        if (t.getContextClassLoader() instanceof RankClassLoader loader && loader.world() != null) {
            return loader.world().rank();
        }
        return -1;
    }

    private String ranks() {
        int last = node.first() + node.count() - 1;
        return last == node.first() ? "rank " + last : "ranks " + node.first() + "-" + last;
    }
}
