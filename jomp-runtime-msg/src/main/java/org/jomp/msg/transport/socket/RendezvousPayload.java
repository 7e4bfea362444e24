package org.jomp.msg.transport.socket;

import org.jomp.msg.RankFailedException;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.Payload;

/**
 * A large message announced by an RTS: its data is still with the sender, which waits. Nothing is buffered while
 * it is unexpected; when a receive takes it, the data is asked for (CTS) and copied straight into the receive
 * buffer as its fragments arrive, and the last fragment completes the receive. The thread that posted the receive
 * goes on meanwhile: in a sendrecv of two large messages, a rank that found its peer's RTS already there waited
 * for all of the peer's data before it announced its own, and the exchange ran one way and then the other.
 */
final class RendezvousPayload implements Payload {
    private final Connection connection;
    private final long id;
    private final Envelope envelope;

    RendezvousPayload(Connection connection, long id, Envelope envelope) {
        this.connection = connection;
        this.id = id;
        this.envelope = envelope;
    }

    @Override
    public void copyTo(Object dest, int offset, Completion receive) {
        connection.receiveRendezvous(id, new Connection.RendezvousTarget(dest, offset, envelope, receive));
    }

    @Override
    public boolean completesReceive() {
        return true;
    }

    @Override
    public Payload retain() {
        return this;
    }

    @Override
    public void discard(RuntimeException reason) {
        if (!(reason instanceof RankFailedException)) {
            // The receive refused the message: take the data anyway and drop it, so the sender is released.
            connection.discardRendezvous(id, envelope);
        }
    }
}
