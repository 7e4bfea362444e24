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
        long mine = word(kind, count, root);
        for (int j = 0; j < p.size(); j++) {
            long theirs = m.signed(j);
            if (theirs == mine) {
                continue;
            }
            PayloadKind theirKind = PayloadKind.values()[(int) (theirs >>> 32 & 0xff)];
            int theirCount = (int) theirs;
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
    }

    /** The count in the low 32 bits, the type's ordinal in the next 8, the root plus 1 (0: none) above. */
    private static long word(PayloadKind kind, int count, int root) {
        return count & 0xffffffffL | (long) kind.ordinal() << 32 | (long) (root + 1) << 40;
    }

    private static String name(PayloadKind kind) {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }
}
