package org.jomp.msg.coll;

import org.jomp.msg.CollectiveMismatchException;
import org.jomp.msg.transport.HostMemory;
import org.jomp.msg.transport.PayloadKind;

/**
 * Whether every rank called a collective through {@link HostMemory} with the same type, count and root: each rank
 * signs its word with them before the first round's barrier and compares every rank's after it. Over messages a
 * receive of another count or type fails; here nothing else would notice, and a rank would read data of another
 * length. Every rank finds the same difference and throws, naming the first rank that differs.
 */
final class HostArguments {
    private HostArguments() {
    }

    /** Signs this rank's word in the current half: before the barrier. */
    static void sign(PointToPoint p, HostMemory m, PayloadKind kind, int count, int root) {
        m.sign(p.rank(), word(kind, count, root));
    }

    /** Compares every rank's word in the current half with this rank's: after the barrier. */
    static void check(PointToPoint p, HostMemory m, PayloadKind kind, int count, int root) {
        for (int j = 0; j < p.size(); j++) {
            compare(p, j, m.signed(j), kind, count, root);
        }
    }

    /**
     * Throws, naming rank {@code j}, if its word {@code theirs} differs from this rank's: it called the collective
     * with another root, type or count.
     */
    static void compare(PointToPoint p, int j, long theirs, PayloadKind kind, int count, int root) {
        if (theirs == word(kind, count, root)) {
            return;
        }
        PayloadKind theirKind = kind(theirs);
        int theirCount = count(theirs);
        int theirRoot = (int) (theirs >>> 40) - 1;
        String call = p.call();
        String head = call + " on rank " + p.rank() + ": rank " + j;
        if (theirRoot != root) {
            throw new CollectiveMismatchException(head + " called " + call + " with root " + theirRoot
                    + ", this rank with root " + root);
        }
        if (theirKind != kind) {
            throw new CollectiveMismatchException(head + " sent " + theirCount + " " + name(theirKind)
                    + " where this rank expects " + count + " " + name(kind) + " (the ranks called " + call
                    + " with different types)");
        }
        throw new CollectiveMismatchException(head + " sent " + theirCount + " " + name(kind) + " where this rank"
                + " expects " + count + " (the ranks called " + call + " with different counts)");
    }

    /** The type of the arguments {@code w} ({@link #word}). */
    static PayloadKind kind(long w) {
        return PayloadKind.values()[(int) (w >>> 32 & 0xff)];
    }

    /** The count of the arguments {@code w} ({@link #word}). */
    static int count(long w) {
        return (int) w;
    }

    /** The count in the low 32 bits, the type's ordinal in the next 8, the root plus 1 (0: none) above. */
    static long word(PayloadKind kind, int count, int root) {
        return count & 0xffffffffL | (long) kind.ordinal() << 32 | (long) (root + 1) << 40;
    }

    private static String name(PayloadKind kind) {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }
}
