package org.jomp.msg.transport.socket;

import java.io.EOFException;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.BulkCopy;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.SliceCopy;
import org.jomp.msg.transport.WaitPolicy;

/**
 * The authenticated, non-blocking connection (TCP, or a Unix socket on one host) between this rank and one peer
 * rank.
 *
 * <p><b>Writing.</b> Any thread may write a frame; a lock keeps frames whole. Small messages are written by the
 * sending thread itself (one {@code write} call for header and data). Rendezvous data ({@link OutgoingData}) is
 * written one fragment per lock hold, so a small message waits for at most one fragment, by the rank thread while
 * it waits for anything (with non-blocking writes between its polls, watching for room in the socket when it
 * blocks: a large message then costs no hand-off to another thread and no wake-up per fragment), otherwise by the
 * transport's {@link DataPump}: when the reader thread took the clear-to-send, when the rank's wait ends with data
 * unwritten, and when the rank thread would block where it does not watch this socket (waiting for the rest of a
 * frame, for room on another connection, for the write lock), since the peer may need that data before it reads
 * again. Once the pump has the data it keeps it until it has written everything. The reader thread never blocks on
 * a write: if both ends' readers could block writing to each other, a full socket buffer in each direction would
 * deadlock them. So it writes only when the lock is free, with non-blocking writes, and leaves what the socket did
 * not take to the pump (a frame begun is finished by the next writer before its own).
 *
 * <p><b>Reading.</b> Frames are read, and turned into deliveries to the rank's matching engine, under a read lock
 * by one of two threads: the rank's own thread while it waits ({@link #poll}, see {@link RankPolling}), or else the
 * connection's reader thread, which blocks in a selector when there is nothing to read and parks while the rank
 * thread reads. Whoever holds the lock counts as "the reader" below. A small message is read whole into the read
 * buffer and copied once into the receive buffer (or into a retained copy when no receive is posted yet). A rendezvous
 * message is announced by an RTS; when its receive is matched the receiver registers the destination here and asks for
 * the data (CTS); each fragment is then read in pieces as it arrives, each piece copied from the read buffer into
 * the destination before the next read, so the read buffer is never compacted around a fragment. A destination that
 * is a direct {@code ByteBuffer} takes what the read buffer holds of the fragment, and the rest is read into it in
 * place; so does a Java array where {@link HeapArrayIo} moves arrays in place (JDK 22 and later), which also sends
 * a large message's data from the sender's array without copying it first. A large message that fits the credit
 * the peer grants is pushed instead ({@link PushedMessage}): its envelope and data follow each other without a CTS,
 * and its fragments are read as rendezvous data is. Between two JVMs on one host (a Unix socket), the data of large
 * messages goes through a ring of memory both map ({@link MappedRing}) while it has room, the socket carrying only
 * each piece's header.
 */
final class Connection {
    private static final System.Logger LOG = System.getLogger(Connection.class.getName());
    /**
     * How long a thread waits for the rest of a frame that has begun, or for room in a full socket buffer, by
     * retrying (spinning; on a busy machine yielding) before it blocks in a selector: the bytes are normally
     * microseconds away, and a blocked thread costs a wake-up for each such gap (many per large message). A rank
     * thread that reads its own connections retries for the rest of a frame for its configured poll budget, if that
     * is longer ({@link #readSome}).
     */
    private static final long IN_FLIGHT_SPIN_NANOS = 50_000;
    /**
     * The most one read takes from the socket: the sender's piece over a Unix socket, so that the receiver copies
     * each piece out while the sender copies in and writes the next ({@link #read}).
     */
    static final int READ_BYTES = OutgoingData.PIECE;

    final int peer;
    final String where;
    private final SocketChannel channel;
    /** Arrays sent and received in place, or {@code null} ({@link HeapArrayIo#unavailableReason()}). */
    private final HeapArrayIo heapIo;
    /** The channel's file descriptor and the errno segments of its writer and its reader, for {@link #heapIo}. */
    private final int fd;
    private final Object sendErrno;
    private final Object recvErrno;
    private final SocketTransport transport;
    private final FrameLimits limits;

    private final ReentrantLock writeLock = new ReentrantLock();
    private final ByteBuffer writeBuffer;
    /** Pushed data's frames, copied whole ({@link #writePush}); under the write lock. */
    private ByteBuffer pushBuffer;
    /** The unwritten end of a frame begun without blocking; finished before any other frame (under the lock). */
    private volatile ByteBuffer unfinished;
    /** The send to complete once {@link #unfinished} is written (its last DATA frame), or {@code null}. */
    private Completion unfinishedCompletes;
    /** Cleared rendezvous data not yet written. */
    private final OutgoingData outgoing;
    /** Set while the pump writes {@link #outgoing}, until nothing is left; the rank thread keeps out meanwhile. */
    private final AtomicBoolean pumpWrites = new AtomicBoolean();
    /** This connection's key in the rank thread's arrivals selector ({@link RankPolling}), if it has one. */
    private volatile SelectionKey arrivalKey;
    /** Set by the rank thread's readiness check, taken by its poll ({@link #markReadable}). */
    private boolean readable;
    /** Whether {@link #arrivalKey} also waits for room to write. */
    private boolean watchingWrites;
    private final Selector writeSelector;

    /** Held by the thread that reads frames: the reader thread or a polling rank thread. */
    private final ReentrantLock readLock = new ReentrantLock();
    private final ByteBuffer readBuffer;
    /** The payload of each eager frame read ({@link EagerPayload#at}). */
    private final EagerPayload eager;
    /** Only the reader thread selects on it (a second thread in {@code select} would block on the first). */
    private final Selector readSelector;
    /** Where a rank thread that holds the read lock waits for the rest of a frame. */
    private final Selector rankReadSelector;
    private Thread reader;

    private final AtomicLong nextId = new AtomicLong();
    /** Sends announced with an RTS, waiting for the peer's CTS. */
    private final Map<Long, RendezvousSend> awaitingClearance = new ConcurrentHashMap<>();
    /** Rendezvous receives that sent a CTS and wait for their data. */
    private final Map<Long, RendezvousTarget> awaitingData = new ConcurrentHashMap<>();
    /** Bytes this rank may still push to the peer: the credit the peer grants, less what it may hold. */
    private final AtomicLong pushCredit;
    /** Messages the peer pushed whose data is still coming. */
    private final Map<Long, PushedMessage> pushes = new ConcurrentHashMap<>();
    /** Bytes of messages the peer pushed that this rank may still hold: the peer's credit spent. */
    private final AtomicLong pushHeld = new AtomicLong();
    /** Credit freed here and not yet returned to the peer. */
    private final AtomicLong creditOwed = new AtomicLong();
    /** Whether the channel is a TCP connection rather than a Unix socket. */
    private final boolean tcp;
    /** Acknowledges large messages' data at once over TCP ({@link QuickAck}). */
    private final QuickAck quickAck;
    /** Where this direction's ring is made: the peer shares the host and rings are on; else {@code null}. */
    private final Path ringDir;
    /** Set once a ring was offered, or failed to be made: it is tried once. */
    private final AtomicBoolean ringTried = new AtomicBoolean();
    /** The ring this rank's large data goes through, once the RING frame naming it is written (under the lock). */
    private volatile MappedRing outRing;
    /** The peer's ring, once its RING frame is read; used by the reader (under the read lock). */
    private MappedRing inRing;
    /** How long a full ring is waited for while its receiver empties it ({@link MappedRing#patienceNanos}). */
    private final long ringPatienceNanos = MappedRing.patienceNanos();

    private volatile long lastReceived = System.nanoTime();
    private volatile long lastSent = System.nanoTime();
    private volatile boolean goodbyeReceived;
    private volatile boolean goodbyeSent;
    private volatile boolean ended;

    Connection(SocketTransport transport, int peer, SocketChannel channel, FrameLimits limits) throws IOException {
        this.transport = transport;
        this.peer = peer;
        this.channel = channel;
        this.limits = limits;
        this.where = "from rank " + peer + " " + Mesh.describe(channel);
        channel.configureBlocking(false);
        this.heapIo = HeapArrayIo.get();
        this.fd = heapIo == null ? -1 : heapIo.fd(channel);
        this.sendErrno = heapIo == null ? null : heapIo.newErrnoBox();
        this.recvErrno = heapIo == null ? null : heapIo.newErrnoBox();
        this.writeBuffer = ByteBuffer.allocateDirect(Frame.HEADER_BYTES + limits.eagerLimit()).order(Frame.ORDER);
        boolean unix = channel.getLocalAddress() instanceof UnixDomainSocketAddress;
        this.outgoing = new OutgoingData(limits.fragmentBytes(), unix ? OutgoingData.PIECE : OutgoingData.TCP_PIECE);
        this.ringDir = unix ? MappedRing.directory() : null;
        this.tcp = !unix;
        this.quickAck = new QuickAck(channel);
        this.pushCredit = new AtomicLong(limits.pushWindow());
        this.readBuffer = LargePageBuffer.allocate(Frame.HEADER_BYTES
                + Math.max(limits.eagerLimit(), limits.fragmentBytes()));
        this.readBuffer.flip();
        this.eager = new EagerPayload(readBuffer, transport.unexpectedBuffers());
        this.writeSelector = Selector.open();
        this.readSelector = Selector.open();
        this.rankReadSelector = Selector.open();
        channel.register(writeSelector, SelectionKey.OP_WRITE);
        channel.register(readSelector, SelectionKey.OP_READ);
        channel.register(rankReadSelector, SelectionKey.OP_READ);
    }

    /** Where memory shared with the peer is made: the peer runs on this host and rings are on; else {@code null}. */
    Path sharedMemoryDirectory() {
        return ringDir;
    }

    /** Starts the reader thread. */
    void start(String threadName) {
        reader = new Thread(this::readLoop, threadName);
        reader.setDaemon(true);
        reader.start();
    }

    // ------------------------------------------------------------------ writing

    /** Sends a whole small message: header and data in one write. */
    void writeEager(int context, int source, int tag, PayloadKind kind, int count, Object array, int offset)
            throws IOException {
        int bytes = count * kind.bytesPerElement();
        lockForWrite();
        try {
            ByteBuffer b = writeBuffer.clear();
            Frame.writeEager(b, context, source, tag, kind, count, bytes);
            BulkCopy.put(b, kind, array, offset, count);
            writeFully(b.flip());
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Sends a message above the eager limit: pushed, its data following at once, if it fits the credit the peer
     * grants ({@link PushedMessage}); otherwise announced, its data going when the peer clears it (rendezvous). A
     * sender short of credit first reads what has come: while it pushes, its reader threads leave the credit
     * returned to it unread ({@link RankPolling#pushed}).
     */
    void writeLarge(Envelope e, long bytes, Object array, int offset, Completion done) throws IOException {
        offerRing();
        if (takeCredit(bytes) || limits.pushable(bytes) && pollForCredit() && takeCredit(bytes)) {
            writePush(e, bytes, array, offset);
            done.complete();
        } else {
            writeRequestToSend(e, array, offset, done);
        }
    }

    /**
     * Before this rank's first large message to a peer on its host: makes this direction's ring and names it to the
     * peer, once. A ring that cannot be made is logged (DEBUG) and the data goes through the socket, as it does
     * whenever the ring is full.
     */
    private void offerRing() throws IOException {
        if (ringDir == null || ringTried.get() || !ringTried.compareAndSet(false, true)) {
            return;
        }
        MappedRing ring;
        try {
            ring = MappedRing.create(ringDir, "r" + transport.rank() + "-to-r" + peer);
        } catch (IOException | RuntimeException x) {
            LOG.log(System.Logger.Level.DEBUG, "rank " + transport.rank() + ": no ring for data to rank " + peer
                    + " in " + ringDir + " (" + x + "); the socket carries it");
            return;
        }
        byte[] name = ring.name().getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(Frame.HEADER_BYTES + name.length).order(Frame.ORDER);
        Frame.control(FrameKind.RING, 0, 0, name.length).write(b);
        lockForWrite();
        try {
            writeFully(b.put(name).flip());
            outRing = ring;
        } catch (IOException | RuntimeException x) {
            ring.delete();
            throw x;
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * A sender short of credit reads what has come, which may return some. A clear-to-send among it starts this
     * thread writing that message's data ({@link #clearToSend}; on any connection, if a frame's rest is awaited
     * meanwhile, {@link RankPolling#awaitMidFrame}); but it is not waiting, and would not come back to the rest, so
     * the rest goes to the pump. Left with this thread, the data of a rank whose waits do not poll stayed unwritten
     * for good (RendezvousDataTest: 3 loops of it side by side hung within 15-68 runs each).
     */
    private boolean pollForCredit() {
        boolean read = poll(true);
        transport.handOverWrites();
        return read;
    }

    private boolean takeCredit(long bytes) {
        if (!limits.pushable(bytes)) {
            return false;
        }
        for (long c = pushCredit.get(); c >= bytes; c = pushCredit.get()) {
            if (pushCredit.compareAndSet(c, c - bytes)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Writes a pushed message whole before it returns, as an eager send is written: its envelope, then its data in DATA
     * frames of up to a fragment (the first of up to {@link OutgoingData#FIRST_FRAME} bytes), each copied whole into a
     * direct buffer and written (from a direct buffer, or an array that {@link HeapArrayIo} moves, written in place
     * after its header), the write lock let go between frames so that other threads' messages slip in. The peer's
     * readers take the data whatever its receive does (the credit bounds it), so the write waits at most for them.
     * Queued as rendezvous data is, for the rank thread's polls or the pump to write, a stream of 1 MiB bcasts between
     * 2 ranks took 241-305 µs a call (five runs alternated with these, median 295) against 210-235 (215) so: a sender
     * that polls writes whatever room the socket has, in writes of a few KiB, 13 writes a message against 1 or 2 here.
     * Copied and written 128 KiB at a time instead, as rendezvous data is, 1 MiB ping-pongs gained about 10 % and
     * back-to-back 1 MiB bcasts lost about 15 % (docs/benchmarks-msg-log.md, 30 November 2026), so a fragment is copied
     * whole.
     */
    private void writePush(Envelope e, long bytes, Object array, int offset) throws IOException {
        long id = nextId.incrementAndGet();
        MappedRing ring = outRing;
        for (long at = 0; at < bytes; ) {
            long n = writePushPiece(e, id, bytes, array, offset, at, ring);
            if (n == 0) {
                awaitPushRoom();
            }
            at += n;
        }
        RankPolling polling = transport.polling();
        if (polling.started() && polling.reaches(peer, bytes)) {
            polling.pushed();
        }
    }

    /**
     * Writes the piece of a pushed message from byte {@code at}, under the write lock: into the {@code ring} if it
     * has room, else through the socket, unless the ring's receiver is emptying it ({@link MappedRing#receiverDrains}).
     *
     * @return the bytes written, or 0 if the piece waits for room in the ring
     */
    private long writePushPiece(Envelope e, long id, long bytes, Object array, int offset, long at, MappedRing ring)
            throws IOException {
        PayloadKind kind = e.kind();
        int bpe = kind.bytesPerElement();
        lockForWrite();
        try {
            ByteBuffer b = pushBuffer().clear();
            if (at == 0) {
                Frame.writeMessage(b, FrameKind.PUSH, e, 0, id);
            }
            int n = (int) Math.min(MappedRing.PIECE, bytes - at);
            if (ring != null && ring.put(kind, array, offset + (int) (at / bpe), n)) {
                Frame.mapped(id, (int) at, n).write(b);
                writeFully(b.flip());
                return n;
            }
            if (ring != null && ring.receiverDrains(ringPatience(), System.nanoTime())) {
                return 0;
            }
            n = OutgoingData.firstFrame(at, (int) Math.min(MappedRing.socketFragment(ring, limits.fragmentBytes()),
                    bytes - at));
            Frame.control(FrameKind.DATA, id, (int) at, n).write(b);
            if (SliceCopy.isDirect(array)) {
                writeFully(b.flip());
                ByteBuffer view = ((ByteBuffer) array).duplicate();
                writeFully(view.limit(offset + (int) at + n).position(offset + (int) at));
            } else if (heapIo != null && HeapArrayIo.movesInPlace(array)) {
                writeFully(b.flip());
                writeFully(array, (long) offset * bpe + at, n);
            } else {
                BulkCopy.put(b, kind, array, offset + (int) (at / bpe), n / bpe);
                writeFully(b.flip());
            }
            return n;
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * A pushing thread waits for room in its ring: it reads what has come meanwhile, so that a peer pushing to this
     * rank at once (an exchange, whose receives are posted first) empties its ring too instead of waiting in turn.
     * Within one job that switched the waits on and off every 30-50 calls, 2 MiB {@code sendrecv}s between two rank
     * JVMs took 949 µs against 1,156 without them, 1 MiB ones 259 against 316 (docs/benchmarks-msg-log.md).
     */
    private void awaitPushRoom() {
        RankPolling polling = transport.polling();
        if (polling.started()) {
            polling.poll();
        }
        Thread.onSpinWait();
    }

    /** Under the write lock: the buffer pushed data is copied into, allocated on the first push. */
    private ByteBuffer pushBuffer() {
        if (pushBuffer == null) {
            pushBuffer = ByteBuffer.allocateDirect(2 * Frame.HEADER_BYTES + limits.fragmentBytes())
                    .order(Frame.ORDER);
        }
        return pushBuffer;
    }

    /** Announces a large message; its data goes when the peer's CTS arrives. */
    private void writeRequestToSend(Envelope e, Object array, int offset, Completion done) throws IOException {
        long id = nextId.incrementAndGet();
        awaitingClearance.put(id, new RendezvousSend(e, array, offset, done));
        // After the put: a goodbye read meanwhile either saw this send or is seen here (both volatile).
        if (goodbyeReceived) {
            RendezvousSend s = awaitingClearance.remove(id);
            if (s != null) {
                s.done().fail(peerEndedBeforeReceiving());
            }
            return;
        }
        transport.polling().rendezvousStarted();
        writeControl(Frame.message(FrameKind.RTS, e, 0, id), null);
    }

    /** Bytes of data this rank has sent through its ring (0: it has none), for tests; read under the write lock. */
    long ringBytesSent() {
        writeLock.lock();
        try {
            MappedRing r = outRing;
            return r == null ? 0 : r.carried();
        } finally {
            writeLock.unlock();
        }
    }

    /** Bytes this rank may still push to the peer, for tests. */
    long pushCredit() {
        return pushCredit.get();
    }

    /** Bytes of the peer's pushes whose credit this rank has not returned yet, for tests. */
    long pushHeld() {
        return pushHeld.get();
    }

    /** True once the peer has said goodbye: it receives nothing more. */
    /** Whether this connection runs over TCP (between hosts, or with Unix sockets off). */
    boolean overTcp() {
        return tcp;
    }

    boolean peerEnded() {
        return goodbyeReceived;
    }

    /** Why a send to the peer, which has said goodbye, fails. */
    CommException peerEndedBeforeReceiving() {
        return new CommException("send on rank " + transport.rank() + " to rank " + peer + ": rank " + peer
                + " has ended without receiving this message");
    }

    /** Writes a header-only frame, or one with a short byte body. */
    void writeControl(Frame header, byte[] body) throws IOException {
        lockForWrite();
        try {
            ByteBuffer b = writeBuffer.clear();
            header.write(b);
            if (body != null) {
                b.put(body);
            }
            writeFully(b.flip());
        } finally {
            writeLock.unlock();
        }
    }

    /** Like {@link #writeControl} but gives up after {@code millis} rather than wait on a stuck peer. */
    boolean tryWriteControl(Frame header, byte[] body, long millis) {
        try {
            if (!writeLock.tryLock(millis, TimeUnit.MILLISECONDS)) {
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        try {
            Deadline d = Deadline.in(millis, "write to rank " + peer);
            if (unfinished != null) {
                for (ByteBuffer u = unfinished; u != null; u = outgoing.extend(u)) {
                    unfinished = u;
                    d.writeFully(channel, u);
                }
                writeInPlaceData(d);
                finishedFrame();
            }
            ByteBuffer b = writeBuffer.clear();
            header.write(b);
            if (body != null) {
                b.put(body);
            }
            d.writeFully(channel, b.flip());
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Takes the write lock and first finishes a frame left unfinished. A thread that has to wait for the lock first
     * hands its rank's unwritten rendezvous data to the pump, as before any other block.
     */
    private void lockForWrite() throws IOException {
        if (!writeLock.tryLock()) {
            transport.handOverWrites();
            writeLock.lock();
        }
        if (unfinished != null) {
            try {
                finishFrame();
            } catch (IOException | RuntimeException e) {
                writeLock.unlock();
                throw e;
            }
        }
    }

    /** Under the lock: writes the rest of the frame begun, blocking while the socket is full. */
    private void finishFrame() throws IOException {
        for (ByteBuffer u = unfinished; u != null; u = outgoing.extend(u)) {
            unfinished = u;
            writeFully(u);
        }
        writeInPlaceData(null);
        finishedFrame();
    }

    /**
     * Under the lock, once the frame's buffers are written: the rest of its data, if it is written from the sender's
     * array in place ({@link OutgoingData#inPlaceLeft}); with a deadline {@code d}, giving up when it passes.
     */
    private void writeInPlaceData(Deadline d) throws IOException {
        long stalled = 0;
        while (outgoing.inPlaceLeft() > 0) {
            if (sendInPlaceData() > 0) {
                stalled = 0;
            } else if (d != null) {
                d.check();
                awaitReady(writeSelector);
            } else {
                stalled = awaitRoom(stalled);
            }
        }
    }

    /** Under the lock: sends what the socket takes now of the frame's in-place data; the bytes sent. */
    private long sendInPlaceData() throws IOException {
        long n = heapIo.send(sendErrno, fd, outgoing.inPlaceArray(), outgoing.inPlaceAt(), outgoing.inPlaceLeft());
        if (n > 0) {
            outgoing.wroteInPlace(n);
            lastSent = System.nanoTime();
        }
        return n;
    }

    /** {@link #unfinished} has been written whole (under the lock): completes the send it ended, if any. */
    private void finishedFrame() {
        unfinished = null;
        Completion c = unfinishedCompletes;
        unfinishedCompletes = null;
        if (c != null) {
            c.complete();
        }
    }

    /**
     * The reader's write of a control frame: only if it can start it at once (lock free, nothing unfinished); what
     * the socket does not take at once is left for the pump to finish, so the reader never blocks on a write.
     *
     * @return false if the frame was not started (the caller hands it to the pump)
     */
    private boolean tryWriteFromReader(Frame header) throws IOException {
        if (!writeLock.tryLock()) {
            return false;
        }
        boolean left;
        try {
            if (unfinished != null) {
                return false;
            }
            ByteBuffer b = writeBuffer.clear();
            header.write(b);
            b.flip();
            channel.write(b);
            left = b.hasRemaining();
            if (left) {
                unfinished = ByteBuffer.allocate(b.remaining()).put(b).flip();
            }
            lastSent = System.nanoTime();
        } finally {
            writeLock.unlock();
        }
        if (left) {
            handToPump();
        }
        return true;
    }

    // ------------------------------------------------------------------ rendezvous data, sending side

    /**
     * The waiting rank thread writes unwritten rendezvous data as far as the socket takes it now, unless the pump
     * has it or another thread holds the lock, and watches for room in the socket when some is left (see
     * {@link RankPolling#block}).
     */
    private void push() {
        if (pumpWrites.get() || !unwritten()) {
            watchWrites(false);
            return;
        }
        if (!writeLock.tryLock()) {
            return;
        }
        boolean more;
        try {
            more = writeWithoutBlocking();
        } catch (IOException e) {
            lost(writeFailure(e));
            return;
        } finally {
            writeLock.unlock();
        }
        watchWrites(more);
    }

    /** Under the lock: writes frames until the socket takes no more; true if some remain. */
    private boolean writeWithoutBlocking() throws IOException {
        while (true) {
            ByteBuffer u = unfinished;
            if (u != null) {
                if (u.hasRemaining() && channel.write(u) > 0) {
                    lastSent = System.nanoTime();
                }
                if (u.hasRemaining()) {
                    return true;
                }
                ByteBuffer more = outgoing.extend(u);
                if (more != null) {
                    unfinished = more;
                    continue;
                }
                if (outgoing.inPlaceLeft() > 0) {
                    sendInPlaceData();
                    if (outgoing.inPlaceLeft() > 0) {
                        return true;
                    }
                }
                finishedFrame();
            }
            ByteBuffer f = outgoing.next(outRing, ringPatience());
            if (f == null) {
                return false;
            }
            unfinished = f;
            unfinishedCompletes = outgoing.completedBy();
        }
    }

    /** True while rendezvous data or a frame begun is still to be written. */
    private boolean unwritten() {
        return unfinished != null || outgoing.pending();
    }

    /** Adds or removes room to write from what the rank thread's selector waits for on this connection. */
    private void watchWrites(boolean on) {
        SelectionKey k = arrivalKey;
        if (k != null && on != watchingWrites) {
            watchingWrites = on;
            try {
                k.interestOps(on ? SelectionKey.OP_READ | SelectionKey.OP_WRITE : SelectionKey.OP_READ);
            } catch (CancelledKeyException e) {
                // The connection has ended: nothing more to write or to wait for.
            }
        }
    }

    /**
     * Hands what is unwritten to the pump, because the rank thread stops writing it: its wait ended, or it is
     * about to block where it does not watch this socket.
     */
    void handOver() {
        watchWrites(false);
        if (!pumpWrites.get() && unwritten()) {
            handToPump();
        }
    }

    private void handToPump() {
        if (pumpWrites.compareAndSet(false, true)) {
            transport.pump().submit(this, this::pumpAll);
        }
    }

    /**
     * The pump's job: writes everything unwritten, blocking on a full socket, one frame per lock hold so that small
     * messages slip in between, and waiting in short parks, outside the lock, for room in a ring its receiver
     * empties. It lets go only when nothing is left (anything added meanwhile was left to it).
     */
    private void pumpAll() throws IOException {
        do {
            while (true) {
                lockForWrite();
                ByteBuffer f;
                try {
                    f = outgoing.next(outRing, ringPatience());
                    if (f != null) {
                        unfinishedCompletes = outgoing.completedBy();
                        unfinished = f;
                        finishFrame();
                    }
                } finally {
                    writeLock.unlock();
                }
                if (f == null) {
                    if (!outgoing.awaitingRoom() || ended) {
                        break;
                    }
                    LockSupport.parkNanos(this, MappedRing.ROOM_PARK_NANOS);
                }
            }
            pumpWrites.set(false);
        } while (unwritten() && pumpWrites.compareAndSet(false, true));
    }

    /**
     * How long a full ring is waited for: not at all in a job of more ranks than cores, where the waiting sender's
     * retries would take the core its receiver needs; its writes block in the kernel on the full socket instead.
     */
    private long ringPatience() {
        return WaitPolicy.ranksOutnumberCores() ? 0 : ringPatienceNanos;
    }

    /** True while this connection's data waits for room in its ring, which no selector reports. */
    boolean awaitsRingRoom() {
        return outgoing.awaitingRoom();
    }

    private void writeFully(ByteBuffer b) throws IOException {
        long stalled = 0;
        while (b.hasRemaining()) {
            if (channel.write(b) > 0) {
                stalled = 0;
                continue;
            }
            stalled = awaitRoom(stalled);
        }
        lastSent = System.nanoTime();
    }

    /** Writes {@code bytes} bytes of {@code array} from byte {@code at} in place ({@link HeapArrayIo}). */
    private void writeFully(Object array, long at, long bytes) throws IOException {
        long stalled = 0;
        for (long end = at + bytes; at < end; ) {
            long n = heapIo.send(sendErrno, fd, array, at, end - at);
            if (n > 0) {
                at += n;
                stalled = 0;
                continue;
            }
            stalled = awaitRoom(stalled);
        }
        lastSent = System.nanoTime();
    }

    /**
     * A write found the socket full: retries for {@link #IN_FLIGHT_SPIN_NANOS} after {@code stalled} (0: it just
     * stalled), then waits for room.
     *
     * @return when the writes stalled, or 0 if they may go on
     */
    private long awaitRoom(long stalled) throws IOException {
        long waited = stalled == 0 ? -1 : System.nanoTime() - stalled;
        if (waited < 0) {
            return System.nanoTime();
        }
        if (waited < IN_FLIGHT_SPIN_NANOS) {
            pauseInFlight(waited);
            return stalled;
        }
        // The peer's reader is behind: wait until the socket buffer has room (its reader always drains).
        transport.handOverWrites();
        awaitReady(writeSelector);
        return 0;
    }

    /** When this connection last read or wrote bytes. */
    long lastMoved() {
        long r = lastReceived;
        long w = lastSent;
        return w - r > 0 ? w : r;
    }

    /** When this rank last wrote to the peer, and last heard from it ({@link System#nanoTime()}). */
    long lastSent() {
        return lastSent;
    }

    long lastReceived() {
        return lastReceived;
    }

    // ------------------------------------------------------------------ rendezvous, receiving side

    /**
     * The receive of rendezvous message {@code id} has matched: registers where its data goes and asks the peer for
     * it; whoever reads the last fragment completes the target's receive.
     */
    void receiveRendezvous(long id, RendezvousTarget target) {
        awaitingData.put(id, target);
        transport.polling().rendezvousStarted();
        writeReply(Frame.control(FrameKind.CTS, id, 0, 0));
    }

    /**
     * Writes a reply the peer's sends wait for (a clear-to-send, returned credit) from whichever thread has it: the
     * reader never blocks on a write, and leaves what it cannot write at once to the pump.
     */
    private void writeReply(Frame reply) {
        try {
            if (readLock.isHeldByCurrentThread()) {
                if (!tryWriteFromReader(reply)) {
                    transport.pump().submit(this, () -> writeControl(reply, null));
                }
            } else {
                // Any thread but the reader may block on a write (the peer's reader drains it): no hand-off needed.
                writeControl(reply, null);
            }
        } catch (IOException e) {
            lost(writeFailure(e));
        }
    }

    /**
     * The data of a message the peer pushed is no longer kept here (its receive matched, or it was dropped): the
     * credit goes back to the peer once half the window is owed, in one frame for several messages.
     */
    private void pushFreed(long bytes) {
        if (creditOwed.addAndGet(bytes) < limits.pushWindow() / 2) {
            return;
        }
        long owed = creditOwed.getAndSet(0);
        if (owed > 0) {
            // Before the frame: the peer spends the credit only once it has read it.
            pushHeld.addAndGet(-owed);
            if (!goodbyeSent && !ended) {
                writeReply(Frame.control(FrameKind.CREDIT, owed, 0, 0));
            }
        }
    }

    /** Drops a rendezvous message the receiver will not take: its data is asked for and thrown away. */
    void discardRendezvous(long id, Envelope e) {
        receiveRendezvous(id, RendezvousTarget.sink(e));
    }

    // ------------------------------------------------------------------ reading

    /** The reader thread: reads while the rank thread does not, and blocks in the selector outside the lock. */
    private void readLoop() {
        while (!ended) {
            if (transport.polling().readersKeepOut()) {
                transport.polling().readerIdle(this);
                continue;
            }
            transport.polling().readersMayRead();
            boolean idle;
            readLock.lock();
            try {
                idle = !frameBegun();
                if (!idle) {
                    readFrame();
                }
            } finally {
                readLock.unlock();
            }
            if (idle) {
                try {
                    awaitReady(readSelector);
                } catch (IOException e) {
                    // Ended: the loop stops; otherwise the next read reports what is wrong.
                }
            }
        }
    }

    /**
     * A waiting rank thread reads the frames that have arrived, unless another thread is reading, and writes what is
     * unwritten. With {@code readable} false it reads the socket only if a frame is buffered already: the caller
     * learnt from a readiness check that the socket has nothing new.
     *
     * @return false if another thread holds the read lock (what it has not read yet is still there)
     */
    boolean poll(boolean readable) {
        if (ended) {
            return true;
        }
        push();
        if (readLock.isHeldByCurrentThread()) {
            return true;
        }
        if (!readLock.tryLock()) {
            return false;
        }
        try {
            // The frames one read brought, and no further read: the waiter checks its completion first (an empty
            // read cost 0.5-0.9 µs, on the path of every message), and its next poll reads again. A frame only begun
            // waits for that poll too: finishing it here read on into the next one, and on, for as long as the
            // sender kept up, so a receiver of a stream of 64 KiB messages read ahead of its receives without end,
            // each message into a buffer of its own (bcasts between 2 bound ranks took 116 µs a call so, 25 since).
            // Nor does it take a PUSH envelope that the read brought: matched now, before its receive is posted, the
            // message would go into a pooled buffer and be copied twice (of 4,000 pushed 1 MiB bcasts, 1,953 did).
            if (!ended && (readable ? frameBegun() : readBuffer.hasRemaining())) {
                do {
                    readFrame();
                } while (!ended && Frame.whole(readBuffer) && !Frame.isPush(readBuffer));
            }
        } finally {
            readLock.unlock();
        }
        return true;
    }

    /**
     * Lets a waiting rank thread block in {@code selector} until this connection has something to read. A channel
     * already closed (its peer ended between the mesh forming and the transport starting, and the reader closed it)
     * has nothing more to deliver: its end is reported as the peer's failure, so it is left out.
     */
    void registerForArrivals(Selector selector) throws IOException {
        try {
            arrivalKey = channel.register(selector, SelectionKey.OP_READ);
        } catch (ClosedChannelException e) {
            // the peer has ended; its reader reports that
        }
    }

    /**
     * The rank thread's readiness check found the socket readable ({@link RankPolling#poll}). Plain, not volatile:
     * where two threads of a rank poll at once, one may take the other's mark and the other skip a read, which its
     * next check (level-triggered, as the socket stays readable) makes up.
     */
    void markReadable() {
        readable = true;
    }

    /** Whether the socket was found readable since the last call. */
    boolean takeReadable() {
        boolean r = readable;
        if (r) {
            readable = false;
        }
        return r;
    }

    /** True while a rendezvous message on this connection waits for its clear-to-send or its data. */
    boolean rendezvousPending() {
        return !awaitingClearance.isEmpty() || !awaitingData.isEmpty();
    }

    /** Registers this connection with the rank thread's readiness check ({@link RankPolling#poll}). */
    void registerForPolls(Selector selector) throws IOException {
        try {
            channel.register(selector, SelectionKey.OP_READ, this);
        } catch (ClosedChannelException e) {
            // the peer has ended; its reader reports that
        }
    }

    /** Wakes the reader thread to read again (the rank thread stopped polling). */
    void wakeReader() {
        Thread r = reader;
        if (r != null) {
            LockSupport.unpark(r);
        }
    }

    /**
     * Whether a frame has begun, reading without blocking if nothing is buffered; an end of stream or a read error
     * counts too, for {@link #readFrame} to report.
     */
    private boolean frameBegun() {
        if (readBuffer.hasRemaining()) {
            return true;
        }
        readBuffer.clear();
        try {
            int r = read();
            if (r > 0) {
                lastReceived = System.nanoTime();
            }
            return r != 0;
        } catch (IOException e) {
            return true;
        } finally {
            readBuffer.flip();
        }
    }

    /** Reads and acts on one frame; a broken connection or bad frame ends the connection (and fails the peer). */
    private void readFrame() {
        try {
            ensure(Frame.HEADER_BYTES);
            if (Frame.check(readBuffer, limits, where) == FrameKind.EAGER) {
                // The most frequent frame, read without a frame object (Frame#check).
                Envelope e = Frame.takeEnvelope(readBuffer);
                int length = e.count() * e.kind().bytesPerElement();
                ensure(length);
                int start = readBuffer.position();
                transport.engine().deliver(e, eager.at(start, e));
                readBuffer.position(start + length);
                return;
            }
            Frame f = Frame.take(readBuffer);
            switch (f.kind()) {
                case RTS -> {
                    Envelope e = f.envelope();
                    transport.engine().deliver(e, new RendezvousPayload(this, f.id(), e));
                }
                case PUSH -> pushArrived(f);
                case CREDIT -> {
                    if (pushCredit.addAndGet(f.id()) > limits.pushWindow()) {
                        throw new CommException("invalid frame " + where + ": CREDIT of " + f.id() + " bytes returns"
                                + " more than this rank pushed (push window " + limits.pushWindow() + ")");
                    }
                }
                case CTS -> clearToSend(f.id());
                case DATA -> data(f.id(), f.offset(), f.length(), readBuffer);
                case RING -> ring(f);
                case MAPPED -> mapped(f);
                case BYE -> {
                    goodbyeReceived = true;
                    // The stream is in order: the peer has delivered every message it will send, and will clear
                    // none of the large ones it was offered.
                    transport.engine().peerEnded(peer);
                    for (Long id : awaitingClearance.keySet()) {
                        RendezvousSend s = awaitingClearance.remove(id);
                        if (s != null) {
                            s.done().fail(peerEndedBeforeReceiving());
                        }
                    }
                }
                case PING -> {
                    // lastReceived, updated by the read, is all a ping is for.
                }
                case ABORT -> abort(f);
            }
        } catch (EOFException e) {
            if (goodbyeReceived || ended) {
                end();
            } else {
                lost(new CommException("rank " + peer + " closed its connection without finishing (the process"
                        + " died or exited early)", e));
            }
        } catch (IOException e) {
            if (goodbyeReceived || ended) {
                end();
            } else {
                lost(new CommException("rank " + peer + " lost its connection without finishing (the process died"
                        + " or the network failed): " + e, e));
            }
        } catch (CommException e) {
            lost(e);
        }
    }

    private void clearToSend(long id) throws IOException {
        RendezvousSend s = awaitingClearance.remove(id);
        if (s == null) {
            throw new CommException("invalid frame " + where + ": CTS for unknown rendezvous message " + id);
        }
        outgoing.add(id, s);
        if (Thread.currentThread() != reader) {
            // A waiting rank thread: it goes on writing between its polls.
            push();
            return;
        }
        if (writeLock.tryLock()) {
            try {
                writeWithoutBlocking();
            } finally {
                writeLock.unlock();
            }
        }
        if (unwritten()) {
            handToPump();
        }
    }

    /** A message pushed on credit: delivered now, its data read as it follows. */
    private void pushArrived(Frame f) {
        long bytes = f.messageBytes();
        long held = pushHeld.addAndGet(bytes);
        if (held > limits.pushWindow()) {
            throw new CommException("invalid frame " + where + ": PUSH of " + bytes + " bytes exceeds the credit"
                    + " granted (" + (limits.pushWindow() - held + bytes) + " bytes left of the push window "
                    + limits.pushWindow() + ")");
        }
        Envelope e = f.envelope();
        PushedMessage m = new PushedMessage(e, transport.unexpectedBuffers(), this::pushFreed);
        pushes.put(f.id(), m);
        transport.engine().deliver(e, m);
    }

    /** The peer names its ring: mapped here (and its file deleted) before the pieces that lie in it. */
    private void ring(Frame f) throws IOException {
        ensure(f.length());
        byte[] name = new byte[f.length()];
        readBuffer.get(name);
        if (!(channel.getLocalAddress() instanceof UnixDomainSocketAddress)) {
            throw new CommException("invalid frame " + where + ": RING over TCP (a ring joins ranks on one host,"
                    + " which a Unix socket joins)");
        }
        if (inRing != null) {
            throw new CommException("invalid frame " + where + ": a second RING frame");
        }
        inRing = MappedRing.open(new String(name, StandardCharsets.UTF_8), where);
    }

    /** A piece of a large message's data that lies in the peer's ring: copied out, then the ring's room freed. */
    private void mapped(Frame f) throws IOException {
        if (inRing == null) {
            throw new CommException("invalid frame " + where + ": MAPPED piece before any RING frame");
        }
        ByteBuffer piece = inRing.take(f.count(), where);
        data(f.id(), f.offset(), f.count(), piece);
        inRing.release();
    }

    /**
     * A fragment of message {@code id}'s data, {@code length} bytes from byte {@code offset}: all in {@code from}
     * (a piece of the peer's ring), or read from the socket as it comes ({@code from} is the read buffer).
     */
    private void data(long id, int offset, int length, ByteBuffer from) throws IOException {
        RendezvousTarget t = awaitingData.get(id);
        if (t == null) {
            PushedMessage m = pushes.get(id);
            if (m != null) {
                pushedData(id, offset, length, m, from);
                return;
            }
            throw new CommException("invalid frame " + where + ": DATA for unknown rendezvous message " + id);
        }
        int bpe = t.kind.bytesPerElement();
        if (offset % bpe != 0 || length % bpe != 0 || (long) offset + length > t.bytes) {
            throw new CommException("invalid frame " + where + ": DATA fragment [" + offset + ", +"
                    + length + ") does not fit rendezvous message " + id + " of " + t.bytes + " bytes");
        }
        int element = t.offset + offset / bpe;
        int left = length;
        while (true) {
            int whole = Math.min(from.remaining(), left);
            whole -= whole % bpe;
            if (t.array != null) {
                BulkCopy.get(from, t.kind, t.array, element, whole / bpe);
            } else {
                from.position(from.position() + whole);
            }
            element += whole / bpe;
            left -= whole;
            if (left == 0) {
                break;
            }
            if (!readBuffer.hasRemaining() && SliceCopy.isDirect(t.array)) {
                ByteBuffer into = ((ByteBuffer) t.array).duplicate();
                readInPlace(into.limit(element + left).position(element));
                break;
            }
            if (!readBuffer.hasRemaining() && heapIo != null && HeapArrayIo.movesInPlace(t.array)) {
                readInPlace(t.array, (long) element * bpe, left);
                break;
            }
            readMore();
        }
        t.received += length;
        if (t.received == t.bytes) {
            awaitingData.remove(id);
            t.arrived.complete();
        }
    }

    /** A fragment of a pushed message, read in pieces as rendezvous data is ({@link #data}); they come in order. */
    private void pushedData(long id, int offset, int length, PushedMessage m, ByteBuffer from) throws IOException {
        int bpe = m.envelope().kind().bytesPerElement();
        if (offset != m.received() || length % bpe != 0 || (long) offset + length > m.bytes()) {
            throw new CommException("invalid frame " + where + ": DATA fragment [" + offset + ", +"
                    + length + ") of pushed message " + id + " of " + m.bytes() + " bytes does not follow"
                    + " the " + m.received() + " bytes received");
        }
        int left = length;
        boolean last = false;
        while (true) {
            int whole = Math.min(from.remaining(), left);
            whole -= whole % bpe;
            if (whole > 0) {
                last = m.take(from, whole);
                left -= whole;
            }
            if (left == 0) {
                break;
            }
            ByteBuffer into = readBuffer.hasRemaining() ? null : m.directView(left);
            if (into != null) {
                readInPlace(into);
                last = m.took(left);
                break;
            }
            Object array = readBuffer.hasRemaining() || heapIo == null ? null : m.inPlaceArray();
            if (array != null) {
                readInPlace(array, m.inPlaceAt(), left);
                last = m.took(left);
                break;
            }
            readMore();
        }
        if (last) {
            pushes.remove(id);
        }
    }

    /** The rest of a fragment goes from the socket straight into the receiver's direct buffer. */
    private void readInPlace(ByteBuffer into) throws IOException {
        while (into.hasRemaining()) {
            quickAck.request();
            readSome(into, null, 0, 0);
        }
    }

    /** The rest of a fragment, {@code bytes} bytes, goes from the socket into {@code array} from byte {@code at}. */
    private void readInPlace(Object array, long at, long bytes) throws IOException {
        for (long end = at + bytes; at < end; ) {
            quickAck.request();
            at += readSome(null, array, at, end - at);
        }
    }

    /** Keeps what the read buffer holds (less than an element, or nothing) and reads more after it. */
    private void readMore() throws IOException {
        quickAck.request();
        readBuffer.compact();
        try {
            readSome();
        } finally {
            readBuffer.flip();
        }
    }

    private void abort(Frame f) throws IOException {
        ensure(f.length());
        byte[] text = new byte[f.length()];
        readBuffer.get(text);
        transport.peerAborted(f.offset(), new String(text, StandardCharsets.UTF_8));
    }

    /** Makes at least {@code n} unread bytes available in the read buffer. */
    private void ensure(int n) throws IOException {
        if (readBuffer.remaining() >= n) {
            return;
        }
        readBuffer.compact();
        try {
            while (readBuffer.position() < n) {
                readSome();
            }
        } finally {
            readBuffer.flip();
        }
    }

    /**
     * Reads more of a frame that has begun, waiting for it if nothing is there yet: for {@link #IN_FLIGHT_SPIN_NANOS}
     * (a polling rank thread: for its configured poll budget, if longer), then the thread blocks in a selector (the
     * reader thread in its own; a polling rank thread in its arrivals selector, reading its other connections
     * between blocks ({@link RankPolling#awaitMidFrame}); any other thread in {@link #rankReadSelector}: a second
     * thread in a {@code select} would wait for the first).
     */
    private void readSome() throws IOException {
        readSome(readBuffer, null, 0, 0);
    }

    /**
     * {@link #readSome()} into {@code into}, the read buffer or the rest of a fragment's direct destination, or, with
     * {@code into} null, into up to {@code bytes} bytes of {@code array} from byte {@code at} in place.
     *
     * @return the bytes read
     */
    private long readSome(ByteBuffer into, Object array, long at, long bytes) throws IOException {
        Selector selector = Thread.currentThread() == reader ? readSelector : rankReadSelector;
        boolean rankPolls = selector == rankReadSelector && transport.polling().started();
        // Gaps of more than 50 µs within a frame are common here (in 512 KiB exchanges between two bound ranks, a
        // rank blocked in about one exchange in six with all of its own data written), and the wake-up costs 100 µs
        // to ms: a rank configured to poll that long for a message (bound to a core of its own) polls as long for
        // the rest of one. Not the adaptive budget: with 4 and 8 unbound JVMs on 2 cores, retrying for it made 31
        // of 40 collective points slower than blocking after 50 µs.
        long retryNanos = rankPolls ? Math.max(IN_FLIGHT_SPIN_NANOS, transport.polling().configuredBudgetNanos())
                : IN_FLIGHT_SPIN_NANOS;
        long stalled = 0;
        while (true) {
            long r = into == null ? heapIo.recv(recvErrno, fd, array, at, bytes)
                    : into == readBuffer ? read() : channel.read(into);
            if (r > 0) {
                lastReceived = System.nanoTime();
                return r;
            }
            if (r < 0) {
                throw new EOFException("end of stream " + where);
            }
            if (ended) {
                throw new ClosedChannelException();
            }
            long waited = stalled == 0 ? -1 : System.nanoTime() - stalled;
            if (waited < 0) {
                stalled = System.nanoTime();
            } else if (waited < retryNanos) {
                if (rankPolls) {
                    // Its own data to the peer moves while the peer's comes in (an exchange, both ways at once).
                    push();
                }
                pauseInFlight(waited);
            } else if (rankPolls) {
                // It watches its sockets for room to write meanwhile: its data stays with it, not the pump.
                transport.polling().awaitMidFrame();
                if (ended) {
                    throw new ClosedChannelException();
                }
                stalled = 0;
            } else {
                transport.handOverWrites();
                awaitReady(selector);
                stalled = 0;
            }
        }
    }

    /**
     * Reads into the read buffer what has arrived, at most {@link #READ_BYTES} of it. A read of a Unix socket goes
     * on copying for as long as the writer appends, so a read with room for a whole fragment, begun just as the
     * fragment's first piece came, lasted until its last and left all of the copy into the user's array for after
     * it: 1 MiB ping-pongs between two JVMs took 260 µs one way with unbounded reads, 218 with these.
     */
    private int read() throws IOException {
        int limit = readBuffer.limit();
        readBuffer.limit(Math.min(limit, readBuffer.position() + READ_BYTES));
        try {
            return channel.read(readBuffer);
        } finally {
            readBuffer.limit(limit);
        }
    }

    /**
     * Between retries for bytes in flight, {@code waitedNanos} after they stopped coming: spins for the first
     * {@link #IN_FLIGHT_SPIN_NANOS}, then yields, and yields from the start on a busy machine, where the spinner may
     * hold the very core the other end needs to move them. Blocking there instead (as a busy machine did before) cost
     * a wake-up per piece of a large message, 100-500 µs on the development VM, and a JVM bound to one core counts as
     * busy most of the time ({@link WaitPolicy#oversubscribed()}): in 1 MiB ping-pongs between two such JVMs about
     * two waits a message blocked. Past the first 50 µs it yields as a polling wait does after its first 20 µs:
     * spinning through a bound rank's 2 ms made msgbench's 64 KB double[] ping-pong after the 8 MB one read 445-847 µs
     * in 4 of 6 runs (1 of 4 yielding), presumably by keeping the JIT off that JVM's one core.
     */
    private static void pauseInFlight(long waitedNanos) {
        if (waitedNanos < IN_FLIGHT_SPIN_NANOS && !WaitPolicy.oversubscribed()) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /** Blocks until the channel is ready in {@code selector}'s sense, or a while has passed. */
    private void awaitReady(Selector selector) throws IOException {
        try {
            selector.select(100);
            selector.selectedKeys().clear();
        } catch (ClosedSelectorException e) {
            throw new ClosedChannelException();
        }
        if (ended) {
            throw new ClosedChannelException();
        }
    }

    // ------------------------------------------------------------------ ending

    /**
     * A write to the peer failed: reads, for about {@code millis}, the frames that arrived before the connection
     * broke, so that an ABORT the peer wrote before closing is heard. The reads end at the break, which they report
     * as {@link #lost}.
     */
    void readLeftovers(long millis) {
        if (ended || readLock.isHeldByCurrentThread()) {
            return;
        }
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        try {
            if (!readLock.tryLock(millis, TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            while (!ended && System.nanoTime() - end < 0 && frameBegun()) {
                readFrame();
            }
        } finally {
            readLock.unlock();
        }
    }

    /** Why a write to the peer failed with {@code e}: named as every failed write names it. */
    CommException writeFailure(IOException e) {
        return transport.writeFailed("writing to rank " + peer + " on rank " + transport.rank(), peer, e);
    }

    /** The peer is lost (also used by the transport's watchdog for a silent peer). */
    void lost(CommException why) {
        if (!ended) {
            LOG.log(System.Logger.Level.DEBUG, "rank {0}: lost rank {1}: {2}", transport.rank(), peer,
                    why.getMessage());
            end();
            transport.peerLost(peer, why);
        }
    }

    /** Fails the sends that wait for this peer. */
    void failPending(RuntimeException why) {
        awaitingClearance.values().forEach(s -> s.done().fail(why));
        awaitingClearance.clear();
        outgoing.fail(why);
        Completion last = unfinishedCompletes;
        if (last != null) {
            last.fail(why);
        }
        awaitingData.values().forEach(t -> t.arrived.fail(why));
        awaitingData.clear();
        pushes.values().forEach(m -> m.fail(why));
        pushes.clear();
    }

    /** True once the peer said it has finished, or the connection ended. */
    boolean finished() {
        return goodbyeReceived || ended;
    }

    /** Tells the peer that this rank has finished: its closing the connection later is not a failure. */
    void sayGoodbye() throws IOException {
        goodbyeSent = true;
        writeControl(Frame.control(FrameKind.BYE, 0, 0, 0), null);
    }

    boolean saidGoodbye() {
        return goodbyeSent;
    }

    /** True once the connection has ended (closed, broken or lost). */
    boolean ended() {
        return ended;
    }

    /** Stops reading and closes the channel. */
    void end() {
        ended = true;
        MappedRing ring = outRing;
        if (ring != null) {
            ring.delete();
        }
        // Its reader may be parked for a long slice (RankPolling.readerIdle), or be the one that wakes the others.
        transport.polling().wakeReaders();
        try {
            channel.close();
            readSelector.close();
            rankReadSelector.close();
            writeSelector.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing connection " + where, e);
        }
    }

    /** Waits (bounded) for the reader thread to stop after {@link #end()}. */
    void awaitReader(long millis) {
        if (reader != null && reader != Thread.currentThread()) {
            try {
                reader.join(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A large send: announced to the peer and waiting for its CTS, or pushed, its data queued at once. */
    record RendezvousSend(Envelope envelope, Object array, int offset, Completion done) {
        long bytes() {
            return (long) envelope.count() * envelope.kind().bytesPerElement();
        }
    }

    /** Where the data of a matched rendezvous message goes ({@code array == null}: thrown away). */
    static final class RendezvousTarget {
        final Object array;
        final int offset;
        final PayloadKind kind;
        final long bytes;
        long received;
        /** The receive the data is for, completed by its last fragment. */
        final Completion arrived;

        RendezvousTarget(Object array, int offset, Envelope e, Completion arrived) {
            this.array = array;
            this.offset = offset;
            this.kind = e.kind();
            this.bytes = (long) e.count() * e.kind().bytesPerElement();
            this.arrived = arrived;
        }

        static RendezvousTarget sink(Envelope e) {
            return new RendezvousTarget(null, 0, e, new Completion());
        }
    }
}
