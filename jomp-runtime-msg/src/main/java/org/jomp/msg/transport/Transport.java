package org.jomp.msg.transport;

import java.nio.file.Path;

/**
 * Moves messages between the ranks of one world; one instance per rank. The communicator layer above does all
 * matching, wildcards, contexts and collectives: a transport only carries an {@link Envelope} and its data from
 * the sending rank to the receiving rank's {@link MatchingEngine} ({@link MatchingEngine#deliver}) and reports lost
 * peers to its own engine ({@link MatchingEngine#peerFailed}).
 *
 * <p>Contract: messages from one rank to another are delivered in the order {@link #send} was called for them
 * (the engine's matching order depends on it); {@code done} completes when the sender's slice may be reused,
 * which may be before the receiver has it (eager) or only once it has copied it (rendezvous); a transport never
 * serialises primitive slices.
 */
public interface Transport {

    /** This rank's number in the world, 0 to {@link #size()} - 1. */
    int rank();

    /** Number of ranks in the world. */
    int size();

    /** The engine that receives this rank's messages. */
    MatchingEngine engine();

    /** Name of the host this rank runs on. */
    String processorName();

    /**
     * Sends {@code envelope.count()} elements of {@code buffer} from {@code offset} to world rank {@code dest}.
     *
     * @param buffer a primitive array of {@code envelope.kind()}; for {@link PayloadKind#OBJECT} the
     *               {@code byte[]} of a serialised object, which is handed over: its sender never uses it again,
     *               so a transport may keep it instead of copying it
     * @param done   completed when {@code buffer} may be reused; failed if the message cannot be sent
     */
    void send(int dest, Envelope envelope, Object buffer, int offset, Completion done);

    /**
     * Sends a small message at once, if this transport can, with no completion to wait for: true if it went (the
     * slice may be reused), false if nothing was sent and the caller must {@link #send} it. Ranks that are threads
     * of one JVM queue such a message in the receiver's ring ({@link MessageRing}); over sockets it is written as an
     * eager frame (a failed write throws what {@link #send}'s completion would); the default sends nothing.
     *
     * @param source the sender's rank in the communicator of {@code context}
     */
    default boolean sendNow(int dest, int context, int source, int tag, PayloadKind kind, Object buffer, int offset,
                            int count) {
        return false;
    }

    /**
     * Shared-memory collectives for the communicator with collective context {@code context} whose members are
     * the world ranks {@code worldRanks} (this rank is member {@code rank}), or {@code null} when this transport has
     * none for them (the default): collectives then run over point-to-point messages. Every member asks once,
     * when it creates the communicator. The members may also be the part of a communicator that one JVM runs,
     * whose ranks in that communicator, {@code commRanks}, name them in errors.
     */
    default SharedCollectives sharedCollectives(int context, int[] worldRanks, int[] commRanks, int rank) {
        return null;
    }

    /**
     * Where to make {@link HostMemory} for a communicator whose members are the world ranks {@code worldRanks}: a
     * directory on tmpfs when every one of them runs in a JVM of this host, else {@code null} (the default), and the
     * collectives that would use it run over messages instead. Every member must get the same answer.
     */
    default Path hostMemoryDirectory(int[] worldRanks) {
        return null;
    }

    /**
     * The JVM that runs world rank {@code worldRank}, as the first world rank it runs: ranks that share a JVM, and
     * only they, give the same number. The default is a JVM per rank.
     */
    default int jvmOf(int worldRank) {
        return worldRank;
    }

    /** Releases the transport's resources; called once, when the rank ends. */
    void close();
}
