package org.jomp.msg.transport.socket;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Mutual challenge-response authentication of a new connection with the job secret (HMAC-SHA256), before any
 * frame is accepted on it:
 *
 * <pre>
 * client -> server  hello: magic, version, purpose, rank, job size, client nonce (46 bytes)
 * server -> client  server nonce, HMAC(secret, "server" | hello | server nonce)
 * client -> server  HMAC(secret, "client" | hello | server nonce)
 * server -> client  one byte 1 (accepted); a refused client sees the connection closed instead
 * </pre>
 *
 * Both proofs cover both nonces, so neither side can replay an old exchange, and the secret never travels. The
 * hello is validated field by field, so a stranger speaking another protocol is refused at once.
 */
final class Handshake {
    static final int MAGIC = 0x484D4F4A; // "JOMH" as little-endian bytes
    private static final int HELLO_BYTES = 46;
    private static final int MAC_BYTES = 32;
    private static final byte[] SERVER = "server".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLIENT = "client".getBytes(StandardCharsets.US_ASCII);

    /** Why a connection is opened. */
    enum Purpose {
        /** A rank registers its address with rank 0 and receives the address table. */
        REGISTER,
        /** A rank opens its message connection to a lower rank. */
        PEER
    }

    /** What an authenticated client said it is. */
    record Hello(Purpose purpose, int rank) {
    }

    /** A connection that did not prove the job secret or did not speak the protocol. */
    static final class RefusedException extends IOException {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message);
        }
    }

    private Handshake() {
    }

    /** Client side: proves the secret, and checks that the server knows it too. */
    static void client(SocketChannel ch, JobSecret secret, Purpose purpose, int rank, int size, Deadline d,
                       String where) throws IOException {
        ByteBuffer hello = ByteBuffer.allocate(HELLO_BYTES).order(Frame.ORDER);
        hello.putInt(MAGIC).put(Frame.VERSION).put((byte) purpose.ordinal()).putInt(rank).putInt(size)
                .put(JobSecret.nonce()).flip();
        byte[] helloBytes = hello.array().clone();
        d.writeFully(ch, hello);
        ByteBuffer challenge = ByteBuffer.allocate(2 * MAC_BYTES);
        d.readFully(ch, challenge);
        byte[] serverNonce = new byte[MAC_BYTES];
        byte[] serverProof = new byte[MAC_BYTES];
        challenge.flip().get(serverNonce).get(serverProof);
        if (!MessageDigest.isEqual(serverProof, secret.mac(SERVER, helloBytes, serverNonce))) {
            throw new RefusedException(where + " did not prove the job secret: it belongs to another job, or"
                    + " JOMP_JOB_SECRET differs between ranks");
        }
        d.writeFully(ch, ByteBuffer.wrap(secret.mac(CLIENT, helloBytes, serverNonce)));
        ByteBuffer ack = ByteBuffer.allocate(1);
        try {
            d.readFully(ch, ack);
        } catch (EOFException e) {
            throw new RefusedException(where + " refused this rank's proof of the job secret");
        }
    }

    /**
     * Server side: checks the client's hello and proof.
     *
     * @throws RefusedException when the client is not a rank of this job (the caller logs and closes)
     */
    static Hello server(SocketChannel ch, JobSecret secret, int size, Deadline d) throws IOException {
        ByteBuffer hello = ByteBuffer.allocate(HELLO_BYTES).order(Frame.ORDER);
        d.readFully(ch, hello);
        hello.flip();
        int magic = hello.getInt();
        int version = hello.get();
        int purposeCode = hello.get();
        int rank = hello.getInt();
        int theirSize = hello.getInt();
        if (magic != MAGIC) {
            throw new RefusedException(String.format("not a JOMP rank (hello starts with 0x%08x)", magic));
        }
        if (version != Frame.VERSION) {
            throw new RefusedException("protocol version " + version + ", this runtime speaks " + Frame.VERSION);
        }
        if (purposeCode < 0 || purposeCode >= Purpose.values().length) {
            throw new RefusedException("unknown connection purpose " + purposeCode);
        }
        if (theirSize != size || rank < 0 || rank >= size) {
            throw new RefusedException("claims rank " + rank + " of " + theirSize + " but this job has " + size
                    + " ranks");
        }
        byte[] helloBytes = hello.array().clone();
        byte[] serverNonce = JobSecret.nonce();
        ByteBuffer challenge = ByteBuffer.allocate(2 * MAC_BYTES);
        challenge.put(serverNonce).put(secret.mac(SERVER, helloBytes, serverNonce)).flip();
        d.writeFully(ch, challenge);
        ByteBuffer proof = ByteBuffer.allocate(MAC_BYTES);
        d.readFully(ch, proof);
        if (!MessageDigest.isEqual(proof.array(), secret.mac(CLIENT, helloBytes, serverNonce))) {
            throw new RefusedException("claims rank " + rank + " but did not prove the job secret");
        }
        d.writeFully(ch, ByteBuffer.wrap(new byte[] {1}));
        return new Hello(Purpose.values()[purposeCode], rank);
    }
}
