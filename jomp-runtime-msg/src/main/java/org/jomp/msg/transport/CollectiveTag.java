package org.jomp.msg.transport;

/**
 * The tag of a message that a collective algorithm sends, saying which collective of the communicator it belongs
 * to: the collective's number on the sending rank (its calls counted from the communicator's creation), the call
 * and its root, and below them the algorithm's own tag. MPI requires every rank to call the same collectives in
 * the same order with the same root, and does not check it: a mistake there hangs, or silently mixes the data of
 * two collectives. With the number in the tag, a receive of collective k from rank s that meets a message of s
 * that it does not match can tell: in-order delivery between two ranks means that message is one s sent in
 * another collective, or in the same one called differently (see {@link #conflict}). The receive then fails
 * naming both calls. The shared-memory collectives publish the same word, without an algorithm tag, in their flags.
 *
 * <p>Layout, high to low: the number modulo 2^16 (16 bits), the call's {@link CollectiveCall} ordinal (6), the
 * root (5: roots 0 to 30 themselves, 31 for any root from 31 on, 0 for a call without root), the algorithm's tag (5).
 * No tag is -1, the receive wildcard, since no algorithm tag is 31. Numbers modulo 2^16 stay unambiguous because
 * every rank takes part in a barrier before each {@link #EPOCH}-th collective of a communicator ({@code Comm}): no
 * rank can then be {@code 2 * EPOCH} = 2^15 or more collectives ahead of another, so two numbers that are equal
 * modulo 2^16 are equal.
 */
public final class CollectiveTag {
    private static final int ALGORITHM_BITS = 5;
    private static final int ROOT_BITS = 5;
    private static final int CALL_BITS = 6;
    /** Whether mismatched collectives are looked for ({@code -Djomp.msg.checkCollectives}, default true). */
    public static final boolean CHECKED = !"false".equalsIgnoreCase(System.getProperty("jomp.msg.checkCollectives"));
    private static final String RULE = "every rank must call the same collectives of a communicator in the same"
            + " order, with the same root";
    /** A barrier precedes every collective whose number is a multiple of this (see the class comment). */
    public static final int EPOCH = 1 << 14;
    /** Roots from this on share one value of the root field. */
    static final int ROOTS_NAMED = (1 << ROOT_BITS) - 1;
    /** Algorithm tags are below this. */
    static final int ALGORITHM_TAGS = (1 << ALGORITHM_BITS) - 1;

    static {
        if (CollectiveCall.values().length > 1 << CALL_BITS) {
            throw new AssertionError("more collective calls than a tag can name");
        }
    }

    private CollectiveTag() {
    }

    /**
     * The context of the collectives of the communicator with context {@code communicatorContext}: the next, odd
     * one. Communicator contexts are even (0 for the world, then ids that communicators agree on two by two).
     */
    public static int context(int communicatorContext) {
        return communicatorContext + 1;
    }

    /** Whether messages in context {@code context} are a collective's ({@link #context}). */
    static boolean isCollectiveContext(int context) {
        return (context & 1) == 1;
    }

    /** The word of collective number {@code seq} of a communicator, a {@code call} with {@code root}. */
    public static int of(int seq, CollectiveCall call, int root) {
        int r = call.rooted() ? Math.min(root, ROOTS_NAMED) : 0;
        return seq << (CALL_BITS + ROOT_BITS + ALGORITHM_BITS)
                | call.ordinal() << (ROOT_BITS + ALGORITHM_BITS)
                | r << ALGORITHM_BITS;
    }

    /** The call of the collective of {@code word}; null for 0, the word of no collective. */
    public static CollectiveCall callOf(int word) {
        return word == 0 ? null : CollectiveCall.of((word >>> (ROOT_BITS + ALGORITHM_BITS)) & ((1 << CALL_BITS) - 1));
    }

    /** The tag of a message with algorithm tag {@code algorithmTag} in the collective of {@code word}. */
    public static int tag(int word, int algorithmTag) {
        if (algorithmTag < 0 || algorithmTag >= ALGORITHM_TAGS) {
            throw new IllegalArgumentException("collective algorithm tag " + algorithmTag + " is not in [0, "
                    + ALGORITHM_TAGS + ")");
        }
        return word | algorithmTag;
    }

    private static int seq(int tag) {
        return tag >>> (CALL_BITS + ROOT_BITS + ALGORITHM_BITS);
    }

    /** Number, call and root: everything but the algorithm tag. */
    private static int collective(int tag) {
        return tag >>> ALGORITHM_BITS;
    }

    /** "collective #12, bcast with root 0", or the bits when they name no call. */
    static String describe(int tag) {
        CollectiveCall call = CollectiveCall.of((tag >>> (ROOT_BITS + ALGORITHM_BITS)) & ((1 << CALL_BITS) - 1));
        String what = call == null ? "an unknown collective" : call.describe((tag >>> ALGORITHM_BITS)
                & ((1 << ROOT_BITS) - 1));
        return "collective #" + seq(tag) + ", " + what;
    }

    /**
     * Why a receive with tag {@code expected} in a collective, from rank {@code source}, can never be matched, given
     * a message with tag {@code arrived} from rank {@code sender} in the same context that it does not match; {@code
     * null} when nothing follows (another step of the same collective, or a rank that is ahead). Messages of one
     * collective number always belong to one call with one root, so another call or root with the same number is a
     * mismatch whoever sent it. Between two ranks messages are matched in the order they were sent, so a message from
     * {@code source} itself with another number shows that it did not send what this receive waits for: an earlier
     * number is a message this rank did not receive when it ran that collective, a later one a collective that
     * {@code source} ran instead of this one. {@code -Djomp.msg.checkCollectives=false} turns the check off.
     */
    static String conflict(int expected, int source, int arrived, int sender) {
        if (!CHECKED || collective(expected) == collective(arrived)
                || (seq(expected) != seq(arrived) && sender != source)) {
            return null;
        }
        return disagreement("rank " + sender + " sent a message of its", arrived, "waits for one of its", expected);
    }

    /**
     * Like {@link #conflict}, for a rank that waits in host memory for rank {@code source}'s part of the collective
     * tagged {@code expected}: besides, a message of that very collective from {@code source} shows that it sent its
     * part as messages, having chosen another algorithm (no message of it is left over once a rank waits so).
     */
    static String hostConflict(int expected, int source, int arrived, int sender) {
        String why = conflict(expected, source, arrived, sender);
        if (why != null || !CHECKED || sender != source || collective(expected) != collective(arrived)) {
            return why;
        }
        return "rank " + sender + " sent its part of its " + describe(arrived) + " as messages, while this rank"
                + " reads it from host memory: the ranks called it with different counts or types";
    }

    /**
     * Why a send with tag {@code sending} in a collective, not yet taken by its receiver, never will be, given a
     * message with tag {@code arrived} from rank {@code sender} in the same context; {@code null} when nothing
     * follows. Only a message of the same number with another call or root tells: a send completes when its data
     * is written, so its receiver may already be in a later collective before the sender learns it.
     */
    static String sendConflict(int sending, int arrived, int sender) {
        if (!CHECKED || seq(sending) != seq(arrived) || collective(sending) == collective(arrived)) {
            return null;
        }
        return disagreement("rank " + sender + " sent a message of its", arrived, "sends one of its", sending);
    }

    /**
     * Like {@link #differs}, for the word a small shared-memory broadcast's root left in its slot: whoever wrote it
     * was the root in its own view, which the word names.
     */
    public static String rootDiffers(int mine, int theirs) {
        if (!CHECKED || collective(mine) == collective(theirs)) {
            return null;
        }
        return disagreement("the broadcast this rank reads comes from a root in its", theirs, "is in its", mine);
    }

    /**
     * Why a small broadcast's root cannot write its message, given the word {@code theirs} another rank claimed the
     * message with: both ranks believe themselves its root.
     */
    public static String rootsCollide(int mine, int theirs) {
        return !CHECKED ? null
                : disagreement("another rank broadcasts as the root of its", theirs, "broadcasts as the root of its", mine);
    }

    /** Like {@link #conflict} for shared-memory flags, where {@code theirs} is the word rank {@code r} is in. */
    public static String differs(int mine, int theirs, int r) {
        if (!CHECKED || collective(mine) == collective(theirs)) {
            return null;
        }
        return disagreement("rank " + r + " is in its", theirs, "is in its", mine);
    }

    /** "{their side} collective #k, ..., while this rank {our side} collective #j, ...: every rank must ...". */
    private static String disagreement(String theirSide, int theirs, String ourSide, int mine) {
        return theirSide + " " + describe(theirs) + ", while this rank " + ourSide + " " + describe(mine) + ": " + RULE;
    }

    /** Whether two words name collectives with the same number. */
    public static boolean sameNumber(int a, int b) {
        return seq(a) == seq(b);
    }
}
