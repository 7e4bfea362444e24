package org.jomp.msg;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BinaryOperator;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import org.jomp.msg.coll.BinomialGather;
import org.jomp.msg.coll.BinomialObjectReduce;
import org.jomp.msg.coll.BinomialScatter;
import org.jomp.msg.coll.Collectives;
import org.jomp.msg.coll.HierarchicalAllgather;
import org.jomp.msg.coll.HierarchicalAllreduce;
import org.jomp.msg.coll.HierarchicalBarrier;
import org.jomp.msg.coll.HierarchicalBroadcast;
import org.jomp.msg.coll.HierarchicalReduce;
import org.jomp.msg.coll.HostMemoryJoin;
import org.jomp.msg.coll.JvmGroups;
import org.jomp.msg.coll.LinearObjectScan;
import org.jomp.msg.coll.PointToPoint;
import org.jomp.msg.coll.Slices;
import org.jomp.msg.launch.EmbeddedLauncher;
import org.jomp.msg.launch.RankContext;
import org.jomp.msg.transport.CollectiveCall;
import org.jomp.msg.transport.CollectiveTag;
import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.HostMemory;
import org.jomp.msg.transport.MatchingEngine;
import org.jomp.msg.transport.ObjectCodec;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.jomp.msg.transport.SharedCollectives;
import org.jomp.msg.transport.Transport;

/**
 * A communicator: a group of ranks that exchange messages in their own context, so that messages of one
 * communicator never match receives of another.
 *
 * <p><b>Data.</b> A slice is (array, offset, count) of any primitive array type, passed as {@code Object} and sent
 * without serialisation; sender and receiver must use the same element type. Point-to-point calls, and the collectives
 * that move data without combining it (bcast, scatter, gather, allgather, alltoall and their v forms), also take a
 * {@link ByteBuffer} as the slice's array (bytes counted from the buffer's start, within its limit; its position and
 * limit are not used or changed), which matches a {@code byte[]} slice: a direct buffer travels between JVMs without
 * the copies an array costs at each end. Objects ({@code sendObject}, {@code bcastObject}...) are serialised when sent;
 * between thread ranks that is a deep copy, deserialised with the receiving rank's own classes. {@link Divisible}
 * structures are scattered and gathered part by part.
 *
 * <p><b>Threads.</b> Point-to-point calls may be made by any number of threads of a rank at once
 * (MPI_THREAD_MULTIPLE). Collectives are called once per rank (by one thread) in the same order on every rank.
 *
 * <p><b>Errors.</b> A bad argument throws {@link IllegalArgumentException} naming the call, argument, value and
 * rank; a message that does not fit its receive throws {@link CommException} in the receiver; when any rank of the
 * job fails, every blocked or later call throws {@link RankFailedException} naming it.
 */
public final class Comm {
    /** Receive from any source. */
    public static final int ANY_SOURCE = MatchingEngine.ANY;
    /** Receive with any tag. */
    public static final int ANY_TAG = MatchingEngine.ANY;
    /** A {@link #split} color for ranks that join no new communicator. */
    public static final int UNDEFINED = -32766;

    private final World world;
    private final int context;
    private final int[] members;
    private final int rank;
    /** The transport's shared-memory collectives for this communicator, or {@code null}. */
    private final SharedCollectives shared;
    /**
     * Without those, the shares of several JVMs in this communicator, several ranks in some, for collectives in two
     * levels (a hybrid job); or {@code null}.
     */
    private final JvmGroups jvms;
    /** The scratch vector the last reduction gave back, for the next ({@link PointToPoint#scratch}). */
    private final AtomicReference<Object> scratch = new AtomicReference<>();
    /** How many collectives this rank has begun on this communicator ({@link #begin}). */
    private int collectives;
    /**
     * The counts and displacements of this rank's last allgather on shared memory ({@link #uniformLayout}), kept for
     * the next rather than allocated each call: an 8-byte allgather between 2 thread ranks read 170-202 ns a call
     * against 231-278 with a new pair each call (three JVMs each, cores near each other; the unchanged barrier read
     * 20-30 ns lower in the same JVMs too; 29 November 2026).
     */
    private int[] sharedCounts;
    private int[] sharedDispls;

    /** This communicator's host memory once mapped ({@link PointToPoint#hostMemory}); set by collectives only. */
    private HostMemory hostMemory;
    /** Whether mapping it was tried (or is under way, so that the join's own collectives do without it). */
    private boolean hostMemoryTried;

    private Comm(World world, int context, int[] members, int rank) {
        this.world = world;
        this.context = context;
        this.members = members;
        this.rank = rank;
        int ctx = CollectiveTag.context(context);
        this.shared = world.transport.sharedCollectives(ctx, members, IntStream.range(0, members.length).toArray(),
                rank);
        this.jvms = shared == null ? JvmGroups.of(world.transport, ctx, members, rank) : null;
    }

    /**
     * The world communicator of the calling rank. In a thread rank (or a thread it started) this is its rank's
     * world; in a plain JVM without {@code -Djomp.np}/{@code JOMP_NP} above 1 it is a world of one.
     */
    public static Comm world() {
        Comm w = RankContext.current();
        if (w != null) {
            return w;
        }
        return EmbeddedLauncher.singletonWorld();
    }

    /**
     * Starts the job: called first in {@code main}. With {@code -Djomp.np=N} (or {@code JOMP_NP=N}) above 1 and
     * called outside a rank, runs N ranks as threads of this JVM, each executing the calling class's
     * {@code main(args)} in its own class loader, then exits the JVM with the job's status (never returns). Inside
     * a rank, or for a world of one, returns {@link #world()}.
     */
    public static Comm init(String[] args) {
        return EmbeddedLauncher.init(args);
    }

    /** Creates the world communicator of one rank over {@code transport}; for launchers and bootstraps. */
    public static Comm createWorld(Transport transport, ClassLoader loader) {
        int n = transport.size();
        int[] members = new int[n];
        Arrays.setAll(members, i -> i);
        return new Comm(new World(transport, loader), 0, members, transport.rank());
    }

    /** This rank's number in the communicator. */
    public int rank() {
        return rank;
    }

    /** Number of ranks in the communicator. */
    public int size() {
        return members.length;
    }

    /** The name of the host this rank runs on. */
    public String processorName() {
        return world.transport.processorName();
    }

    // ---------------------------------------------------------------- communicators

    /** A new communicator with the same ranks and its own context. Collective. */
    public Comm dup() {
        int ctx = agreeOnContext();
        return new Comm(world, ctx, members, rank);
    }

    /**
     * Splits into one communicator per {@code color}, ranks ordered by {@code key} then by old rank. Collective.
     * Returns {@code null} to ranks that pass {@link #UNDEFINED}.
     */
    public Comm split(int color, int key) {
        if (color < 0 && color != UNDEFINED) {
            throw new IllegalArgumentException("split on rank " + rank + ": color = " + color
                    + " must be non-negative or Comm.UNDEFINED");
        }
        int n = size();
        int[] mine = {color, key, rank};
        int[] all = new int[3 * n];
        Collectives.allgather(collective(CollectiveCall.SPLIT), mine, 0, all, 0, 3, jvms == null);
        int ctx = agreeOnContext();
        if (color == UNDEFINED) {
            return null;
        }
        List<int[]> group = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            if (all[3 * j] == color) {
                group.add(new int[] {all[3 * j + 1], all[3 * j + 2]});
            }
        }
        group.sort(Comparator.<int[]>comparingInt(a -> a[0]).thenComparingInt(a -> a[1]));
        int[] newMembers = new int[group.size()];
        int newRank = -1;
        for (int i = 0; i < newMembers.length; i++) {
            int oldRank = group.get(i)[1];
            newMembers[i] = members[oldRank];
            if (oldRank == rank) {
                newRank = i;
            }
        }
        return new Comm(world, ctx, newMembers, newRank);
    }

    /**
     * A context id no member has used: the maximum of the members' next free ids. Disjoint groups created by one
     * split share an id safely, as they never exchange messages.
     */
    private int agreeOnContext() {
        int[] next = {world.nextContext()};
        int[] max = new int[1];
        Collectives.allreduce(collective(CollectiveCall.DUP), next, 0, max, 0, 1, Op.MAX);
        world.reserveBelow(max[0] + 2);
        return max[0];
    }

    // ---------------------------------------------------------------- point-to-point

    /** Sends a slice; returns when {@code buf} may be reused. */
    public void send(Object buf, int offset, int count, int dest, int tag) {
        if (dest >= 0 && dest < members.length && tag >= 0 && world.transport.sendNow(members[dest], context, rank,
                tag, checkMessageSlice("send", buf, offset, count, false), buf, offset, count)) {
            return;
        }
        await(startSend("send", buf, offset, count, dest, tag), "send");
    }

    /** Starts sending a slice; {@code buf} must not change until the request is done. */
    public Request isend(Object buf, int offset, int count, int dest, int tag) {
        return request(startSend("isend", buf, offset, count, dest, tag), "isend");
    }

    /** Receives at most {@code count} elements into a slice. */
    public Status recv(Object buf, int offset, int count, int source, int tag) {
        return receive("recv", buf, offset, count, source, tag);
    }

    private Status receive(String call, Object buf, int offset, int count, int source, int tag) {
        if (source >= 0 && source < members.length && tag >= ANY_TAG) {
            long got = world.engine.receiveFromRing(members[source], context, source, tag, checkMessageSlice(call,
                    buf, offset, count, true), buf, offset, count);
            if (got >= 0) {
                return new Status(source, (int) (got >>> 32), (int) got);
            }
        }
        ReceiveSlot slot = startRecv(call, buf, offset, count, source, tag);
        await(slot, call);
        Envelope e = slot.envelope();
        return new Status(e.source(), e.tag(), e.count());
    }

    /** Starts receiving into a slice. */
    public Request irecv(Object buf, int offset, int count, int source, int tag) {
        return request(startRecv("irecv", buf, offset, count, source, tag), "irecv");
    }

    /** Sends one slice and receives another at once (no deadlock when two ranks exchange). */
    public Status sendrecv(Object sendBuf, int sendOffset, int sendCount, int dest, int sendTag,
                           Object recvBuf, int recvOffset, int recvCount, int source, int recvTag) {
        // A small message that a local receiver's ring takes at once cannot wait for this rank's receive: the
        // receive may then come second, and take the ring's fast path too. The receive's arguments are checked first,
        // as they are below.
        if (source >= 0 && source < members.length && recvTag >= ANY_TAG && dest >= 0 && dest < members.length
                && sendTag >= 0) {
            checkMessageSlice("sendrecv", recvBuf, recvOffset, recvCount, true);
            if (world.transport.sendNow(members[dest], context, rank, sendTag, checkMessageSlice("sendrecv", sendBuf,
                    sendOffset, sendCount, false), sendBuf, sendOffset, sendCount)) {
                return receive("sendrecv", recvBuf, recvOffset, recvCount, source, recvTag);
            }
        }
        Request r = request(startRecv("sendrecv", recvBuf, recvOffset, recvCount, source, recvTag), "sendrecv");
        Completion s = startSend("sendrecv", sendBuf, sendOffset, sendCount, dest, sendTag);
        Status st = r.waitFor();
        await(s, "sendrecv");
        return st;
    }

    /** Sends a copy of a serializable object ({@code null} allowed). */
    public void sendObject(Object value, int dest, int tag) {
        await(startSendObject("sendObject", value, dest, tag), "sendObject");
    }

    /** Starts sending a copy of a serializable object; the object is copied before this returns. */
    public Request isendObject(Object value, int dest, int tag) {
        return request(startSendObject("isendObject", value, dest, tag), "isendObject");
    }

    /** Receives an object. */
    public <T> T recvObject(int source, int tag) {
        return irecvObject0("recvObject", source, tag).object();
    }

    /** Starts receiving an object; {@link Request#object()} gives it. */
    public Request irecvObject(int source, int tag) {
        return irecvObject0("irecvObject", source, tag);
    }

    private Request irecvObject0(String call, int source, int tag) {
        checkSource(call, source);
        checkRecvTag(call, tag);
        ReceiveSlot slot = new ReceiveSlot(call, rank, context, source, worldRankOf(source), tag, null, 0, 0);
        world.engine.post(slot);
        return request(slot, call);
    }

    /** The status of the next matching message without receiving it, or {@code null} if none has arrived. */
    public Status iprobe(int source, int tag) {
        checkSource("iprobe", source);
        checkRecvTag("iprobe", tag);
        Envelope e = world.engine.probe(context, source, tag);
        return e == null ? null : new Status(e.source(), e.tag(), e.count());
    }

    /** Waits for a matching message and returns its status without receiving it. */
    public Status probe(int source, int tag) {
        checkSource("probe", source);
        checkRecvTag("probe", tag);
        for (long round = 0; ; round++) {
            Envelope e = world.engine.probe(context, source, tag);
            if (e != null) {
                return new Status(e.source(), e.tag(), e.count());
            }
            if (round < 1000) {
                Thread.onSpinWait();
                continue;
            }
            CommInterruptedException.check("probe on rank " + rank);
            if (round < 2000) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(50_000);
            }
        }
    }

    private Completion startSend(String call, Object buf, int offset, int count, int dest, int tag) {
        PayloadKind kind = checkMessageSlice(call, buf, offset, count, false);
        checkRank(call, "dest", dest);
        checkSendTag(call, tag);
        Completion done = new Completion(members[dest], (long) count * kind.bytesPerElement());
        world.transport.send(members[dest], new Envelope(context, rank, tag, kind, count), buf, offset, done);
        return done;
    }

    private Completion startSendObject(String call, Object value, int dest, int tag) {
        checkRank(call, "dest", dest);
        checkSendTag(call, tag);
        byte[] bytes = ObjectCodec.encode(value, call, rank);
        Completion done = new Completion(members[dest], bytes.length);
        world.transport.send(members[dest], new Envelope(context, rank, tag, PayloadKind.OBJECT, bytes.length),
                bytes, 0, done);
        return done;
    }

    private ReceiveSlot startRecv(String call, Object buf, int offset, int count, int source, int tag) {
        checkMessageSlice(call, buf, offset, count, true);
        checkSource(call, source);
        checkRecvTag(call, tag);
        ReceiveSlot slot = new ReceiveSlot(call, rank, context, source, worldRankOf(source), tag, buf, offset,
                count);
        world.engine.post(slot);
        return slot;
    }

    private int worldRankOf(int source) {
        return source == ANY_SOURCE ? MatchingEngine.ANY : members[source];
    }

    private Request request(Completion c, String call) {
        return new Request(c, world.engine, world.loader, call, rank);
    }

    /** Waits for {@code c}; an interrupt names {@code call}, which the transport that saw it does not know. */
    private void await(Completion c, String call) {
        try {
            c.await(world.engine);
        } catch (CommInterruptedException e) {
            throw CommInterruptedException.waitingIn(call + " on rank " + rank);
        }
    }

    // ---------------------------------------------------------------- collectives on slices

    /** Waits until every rank has called barrier. */
    public void barrier() {
        int word = begin(CollectiveCall.BARRIER, 0);
        if (shared != null) {
            shared.barrier();
        } else if (jvms != null) {
            HierarchicalBarrier.run(jvms.local(), jvms.leaders(channel(CollectiveCall.BARRIER, word)));
        } else {
            Collectives.barrier(channel(CollectiveCall.BARRIER, word));
        }
    }

    /** Copies the root's slice into every rank's slice. */
    public void bcast(Object buf, int offset, int count, int root) {
        checkRank("bcast", "root", root);
        checkData("bcast", "buf", buf, offset, count, rank != root);
        int word = begin(CollectiveCall.BCAST, root);
        if (jvms != null) {
            HierarchicalBroadcast.run(jvms, channel(CollectiveCall.BCAST, word), buf, offset, count, root);
        } else if (shared == null || !shared.bcast(buf, offset, count, root)) {
            Collectives.bcast(channel(CollectiveCall.BCAST, word), buf, offset, count, root);
        }
    }

    /** Sends block j ({@code count} elements) of the root's {@code sendBuf} to rank j. */
    public void scatter(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, int root) {
        checkRank("scatter", "root", root);
        checkData("scatter", "recvBuf", recvBuf, recvOffset, count, true);
        if (rank == root) {
            checkData("scatter", "sendBuf", sendBuf, sendOffset, Math.multiplyExact(count, size()), false);
            checkSameKind("scatter", sendBuf, recvBuf);
        }
        Collectives.scatter(collective(CollectiveCall.SCATTER, root), sendBuf, sendOffset, recvBuf, recvOffset,
                count, root);
    }

    /** Sends {@code counts[j]} elements at {@code displs[j]} of the root's {@code sendBuf} to rank j. */
    public void scatterv(Object sendBuf, int[] counts, int[] displs, Object recvBuf, int recvOffset, int recvCount,
                         int root) {
        checkRank("scatterv", "root", root);
        checkData("scatterv", "recvBuf", recvBuf, recvOffset, recvCount, true);
        if (rank == root) {
            checkLayout("scatterv", "sendBuf", sendBuf, counts, displs, false);
            checkSameKind("scatterv", sendBuf, recvBuf);
            if (counts[rank] > recvCount) {
                throw new IllegalArgumentException("scatterv on rank " + rank + ": counts[" + rank + "] = "
                        + counts[rank] + " exceeds recvCount = " + recvCount);
            }
        }
        Collectives.scatterv(collective(CollectiveCall.SCATTERV, root), sendBuf, counts, displs, recvBuf,
                recvOffset, recvCount, root);
    }

    /** Collects every rank's slice into block j of the root's {@code recvBuf}. */
    public void gather(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, int root) {
        checkRank("gather", "root", root);
        checkData("gather", "sendBuf", sendBuf, sendOffset, count, false);
        if (rank == root) {
            checkData("gather", "recvBuf", recvBuf, recvOffset, Math.multiplyExact(count, size()), true);
            checkSameKind("gather", sendBuf, recvBuf);
        }
        Collectives.gather(collective(CollectiveCall.GATHER, root), sendBuf, sendOffset, recvBuf, recvOffset, count,
                root);
    }

    /** Collects rank j's slice into {@code counts[j]} elements at {@code displs[j]} of the root's buffer. */
    public void gatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] counts, int[] displs,
                        int root) {
        checkRank("gatherv", "root", root);
        checkData("gatherv", "sendBuf", sendBuf, sendOffset, sendCount, false);
        if (rank == root) {
            checkLayout("gatherv", "recvBuf", recvBuf, counts, displs, true);
            checkSameKind("gatherv", sendBuf, recvBuf);
            checkOwnCount("gatherv", counts, sendCount);
        }
        Collectives.gatherv(collective(CollectiveCall.GATHERV, root), sendBuf, sendOffset, sendCount, recvBuf, counts,
                displs, root);
    }

    /** Every rank gets every rank's slice, rank j's in block j of {@code recvBuf}. */
    public void allgather(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count) {
        checkData("allgather", "sendBuf", sendBuf, sendOffset, count, false);
        checkData("allgather", "recvBuf", recvBuf, recvOffset, Math.multiplyExact(count, size()), true);
        checkSameKind("allgather", sendBuf, recvBuf);
        int word = begin(CollectiveCall.ALLGATHER, 0);
        if (jvms != null) {
            Channel c = channel(CollectiveCall.ALLGATHER, word);
            if (HierarchicalAllgather.applies(jvms, c, sendBuf, count)) {
                HierarchicalAllgather.run(jvms, c, sendBuf, sendOffset, recvBuf, recvOffset, count);
                return;
            }
        }
        if (shared != null) {
            uniformLayout(count, recvOffset);
            if (shared.allgatherv(sendBuf, sendOffset, count, recvBuf, sharedCounts, sharedDispls)) {
                return;
            }
        }
        Collectives.allgather(channel(CollectiveCall.ALLGATHER, word), sendBuf, sendOffset, recvBuf, recvOffset,
                count, jvms == null);
    }

    /**
     * Fills {@link #sharedCounts} and {@link #sharedDispls} for blocks of {@code count} elements from
     * {@code recvOffset}, unless they already hold them. Collectives on one communicator are called by one thread of
     * a rank at a time, so the arrays are this call's until it returns.
     */
    private void uniformLayout(int count, int recvOffset) {
        if (sharedCounts == null) {
            sharedCounts = new int[size()];
            sharedDispls = new int[size()];
        }
        // Zero-filled arrays already describe blocks of 0 from 0; otherwise the first entries tell the rest.
        if (sharedCounts[0] != count || sharedDispls[0] != recvOffset) {
            for (int j = 0; j < sharedCounts.length; j++) {
                sharedCounts[j] = count;
                sharedDispls[j] = recvOffset + j * count;
            }
        }
    }

    /** Every rank gets rank j's slice at {@code displs[j]}, {@code counts[j]} elements. */
    public void allgatherv(Object sendBuf, int sendOffset, int sendCount, Object recvBuf, int[] counts,
                           int[] displs) {
        checkData("allgatherv", "sendBuf", sendBuf, sendOffset, sendCount, false);
        checkLayout("allgatherv", "recvBuf", recvBuf, counts, displs, true);
        checkSameKind("allgatherv", sendBuf, recvBuf);
        checkOwnCount("allgatherv", counts, sendCount);
        int word = begin(CollectiveCall.ALLGATHERV, 0);
        if (shared == null || !shared.allgatherv(sendBuf, sendOffset, sendCount, recvBuf, counts, displs)) {
            Collectives.allgatherv(channel(CollectiveCall.ALLGATHERV, word), sendBuf, sendOffset, recvBuf, counts,
                    displs);
        }
    }

    /** Block j of {@code sendBuf} goes to rank j, which stores it as block i (this rank's) of its {@code recvBuf}. */
    public void alltoall(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count) {
        int total = Math.multiplyExact(count, size());
        checkData("alltoall", "sendBuf", sendBuf, sendOffset, total, false);
        checkData("alltoall", "recvBuf", recvBuf, recvOffset, total, true);
        checkSameKind("alltoall", sendBuf, recvBuf);
        Collectives.alltoall(collective(CollectiveCall.ALLTOALL), sendBuf, sendOffset, recvBuf, recvOffset,
                count);
    }

    /** Alltoall with per-rank counts and displacements on both sides. */
    public void alltoallv(Object sendBuf, int[] sendCounts, int[] sendDispls, Object recvBuf, int[] recvCounts,
                          int[] recvDispls) {
        checkLayout("alltoallv", "sendBuf", sendBuf, sendCounts, sendDispls, false);
        checkLayout("alltoallv", "recvBuf", recvBuf, recvCounts, recvDispls, true);
        checkSameKind("alltoallv", sendBuf, recvBuf);
        Collectives.alltoallv(collective(CollectiveCall.ALLTOALLV), sendBuf, sendCounts, sendDispls, recvBuf,
                recvCounts, recvDispls);
    }

    /** Combines every rank's slice element-wise with {@code op} into the root's {@code recvBuf}. */
    public void reduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op, int root) {
        checkRank("reduce", "root", root);
        PayloadKind kind = checkSlice("reduce", "sendBuf", sendBuf, sendOffset, count);
        checkOp("reduce", op, kind, count);
        if (rank == root) {
            checkSlice("reduce", "recvBuf", recvBuf, recvOffset, count);
            checkSameKind("reduce", sendBuf, recvBuf);
        }
        int word = begin(CollectiveCall.REDUCE, root);
        if (jvms != null && HierarchicalReduce.applies(jvms, op)) {
            HierarchicalReduce.run(jvms, channel(CollectiveCall.REDUCE, word), sendBuf, sendOffset, recvBuf,
                    recvOffset, count, op, root);
        } else if (shared == null || !shared.reduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op, root)) {
            Collectives.reduce(channel(CollectiveCall.REDUCE, word), sendBuf, sendOffset, recvBuf, recvOffset, count,
                    op, root);
        }
    }

    /** Like {@link #reduce}, with the result in every rank's {@code recvBuf} (which may be {@code sendBuf}). */
    public void allreduce(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op) {
        PayloadKind kind = checkSlice("allreduce", "sendBuf", sendBuf, sendOffset, count);
        checkOp("allreduce", op, kind, count);
        checkSlice("allreduce", "recvBuf", recvBuf, recvOffset, count);
        checkSameKind("allreduce", sendBuf, recvBuf);
        int word = begin(CollectiveCall.ALLREDUCE, 0);
        if (jvms != null && HierarchicalAllreduce.applies(jvms, op, sendBuf, count)) {
            HierarchicalAllreduce.run(jvms, channel(CollectiveCall.ALLREDUCE, word), sendBuf, sendOffset, recvBuf,
                    recvOffset, count, op);
        } else if (shared == null || !shared.reduce(sendBuf, sendOffset, recvBuf, recvOffset, count, op, -1)) {
            Collectives.allreduce(channel(CollectiveCall.ALLREDUCE, word), sendBuf, sendOffset, recvBuf, recvOffset,
                    count, op);
        }
    }

    /** The {@code op}-combination of all ranks' values. */
    public double allreduce(double value, Op op) {
        double[] v = {value};
        allreduce(v, 0, v, 0, 1, op);
        return v[0];
    }

    /** The {@code op}-combination of all ranks' values. */
    public long allreduce(long value, Op op) {
        long[] v = {value};
        allreduce(v, 0, v, 0, 1, op);
        return v[0];
    }

    /** The {@code op}-combination of all ranks' values. */
    public int allreduce(int value, Op op) {
        int[] v = {value};
        allreduce(v, 0, v, 0, 1, op);
        return v[0];
    }

    /** Inclusive prefix reduction: rank i gets ranks 0..i combined. */
    public void scan(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op) {
        scan0(CollectiveCall.SCAN, sendBuf, sendOffset, recvBuf, recvOffset, count, op, false);
    }

    /** Exclusive prefix reduction: rank i gets ranks 0..i-1 combined; rank 0's {@code recvBuf} is unchanged. */
    public void exscan(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count, Op op) {
        scan0(CollectiveCall.EXSCAN, sendBuf, sendOffset, recvBuf, recvOffset, count, op, true);
    }

    private void scan0(CollectiveCall c, Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int count,
                       Op op, boolean exclusive) {
        String call = c.label();
        PayloadKind kind = checkSlice(call, "sendBuf", sendBuf, sendOffset, count);
        checkOp(call, op, kind, count);
        checkSlice(call, "recvBuf", recvBuf, recvOffset, count);
        checkSameKind(call, sendBuf, recvBuf);
        Collectives.scan(collective(c), sendBuf, sendOffset, recvBuf, recvOffset, count, op, exclusive);
    }

    /**
     * Reduces {@code sum(counts)} elements of every rank's {@code sendBuf} and leaves block j of the result
     * ({@code counts[j]} elements) in rank j's {@code recvBuf}.
     */
    public void reduceScatter(Object sendBuf, int sendOffset, Object recvBuf, int recvOffset, int[] counts, Op op) {
        checkCounts("reduceScatter", counts);
        int total = Arrays.stream(counts).sum();
        PayloadKind kind = checkSlice("reduceScatter", "sendBuf", sendBuf, sendOffset, total);
        checkOp("reduceScatter", op, kind, total);
        checkSlice("reduceScatter", "recvBuf", recvBuf, recvOffset, counts[rank]);
        checkSameKind("reduceScatter", sendBuf, recvBuf);
        Collectives.reduceScatter(collective(CollectiveCall.REDUCE_SCATTER), sendBuf, sendOffset, recvBuf,
                recvOffset, counts, op);
    }

    // ---------------------------------------------------------------- collectives on objects

    /** The root's object, copied to every rank (the root gets its own object back). */
    @SuppressWarnings("unchecked")
    public <T> T bcastObject(T value, int root) {
        checkRank("bcastObject", "root", root);
        int[] len = new int[1];
        byte[] bytes = null;
        if (rank == root) {
            bytes = ObjectCodec.encode(value, "bcastObject", rank);
            len[0] = bytes.length;
        }
        Collectives.bcast(collective(CollectiveCall.BCAST_OBJECT, root), len, 0, 1, root);
        if (rank != root) {
            bytes = new byte[len[0]];
        }
        Collectives.bcast(collective(CollectiveCall.BCAST_OBJECT, root), bytes, 0, len[0], root);
        return rank == root ? value : (T) ObjectCodec.decode(bytes, world.loader, "bcastObject", rank);
    }

    /** Every rank's object, in rank order, at the root; {@code null} elsewhere. */
    public <T> List<T> gatherObjects(T value, int root) {
        checkRank("gatherObjects", "root", root);
        byte[] mine = ObjectCodec.encode(value, "gatherObjects", rank);
        int[] lengths = allgatherLengths(CollectiveCall.GATHER_OBJECTS, root, mine.length);
        int[] displs = prefix(lengths);
        byte[] all = rank == root ? new byte[displs[size()]] : null;
        Collectives.gatherv(collective(CollectiveCall.GATHER_OBJECTS, root), mine, 0, mine.length, all, lengths,
                displs, root);
        return rank == root ? decodeAll("gatherObjects", all, lengths, displs) : null;
    }

    /** Every rank's object, in rank order, at every rank. */
    public <T> List<T> allgatherObjects(T value) {
        byte[] mine = ObjectCodec.encode(value, "allgatherObjects", rank);
        int[] lengths = allgatherLengths(CollectiveCall.ALLGATHER_OBJECTS, 0, mine.length);
        int[] displs = prefix(lengths);
        byte[] all = new byte[displs[size()]];
        Collectives.allgatherv(collective(CollectiveCall.ALLGATHER_OBJECTS), mine, 0, all, lengths, displs);
        return decodeAll("allgatherObjects", all, lengths, displs);
    }

    /** Element j of the root's list goes to rank j (the list must have {@link #size()} elements at the root). */
    public <T> T scatterObjects(List<T> values, int root) {
        checkRank("scatterObjects", "root", root);
        if (rank == root && (values == null || values.size() != size())) {
            throw new IllegalArgumentException("scatterObjects on rank " + rank + ": values must hold one object "
                    + "per rank (" + size() + "), got " + (values == null ? "null" : values.size()));
        }
        return scatterEncoded(CollectiveCall.SCATTER_OBJECTS, rank == root ? values::get : null, root);
    }

    /** Element j of this rank's list goes to rank j; returns what every rank sent to this one, in rank order. */
    public <T> List<T> alltoallObjects(List<T> values) {
        if (values == null || values.size() != size()) {
            throw new IllegalArgumentException("alltoallObjects on rank " + rank + ": values must hold one object "
                    + "per rank (" + size() + "), got " + (values == null ? "null" : values.size()));
        }
        int n = size();
        byte[][] parts = new byte[n][];
        int[] sendCounts = new int[n];
        for (int j = 0; j < n; j++) {
            parts[j] = ObjectCodec.encode(values.get(j), "alltoallObjects", rank);
            sendCounts[j] = parts[j].length;
        }
        int[] sendDispls = prefix(sendCounts);
        byte[] send = concat(parts, sendDispls);
        int[] recvCounts = new int[n];
        Collectives.alltoall(collective(CollectiveCall.ALLTOALL_OBJECTS), sendCounts, 0, recvCounts, 0, 1);
        int[] recvDispls = prefix(recvCounts);
        byte[] recv = new byte[recvDispls[n]];
        Collectives.alltoallv(collective(CollectiveCall.ALLTOALL_OBJECTS), send, sendCounts, sendDispls, recv,
                recvCounts, recvDispls);
        return decodeAll("alltoallObjects", recv, recvCounts, recvDispls);
    }

    /** {@code op}-combination of all ranks' objects in rank order, at the root; {@code null} elsewhere. */
    public <T> T reduceObject(T value, BinaryOperator<T> op, int root) {
        checkRank("reduceObject", "root", root);
        checkNotNull("reduceObject", "op", op);
        return BinomialObjectReduce.run(collective(CollectiveCall.REDUCE_OBJECT, root), value, op, root);
    }

    /** {@code op}-combination of all ranks' objects in rank order, at every rank (a reduce, then a broadcast). */
    public <T> T allreduceObject(T value, BinaryOperator<T> op) {
        checkNotNull("allreduceObject", "op", op);
        return bcastObject(BinomialObjectReduce.run(collective(CollectiveCall.ALLREDUCE_OBJECT), value, op, 0), 0);
    }

    /** Inclusive prefix combination of objects: rank i gets ranks 0..i combined in rank order. */
    public <T> T scanObject(T value, BinaryOperator<T> op) {
        checkNotNull("scanObject", "op", op);
        return LinearObjectScan.run(collective(CollectiveCall.SCAN_OBJECT), value, op, false);
    }

    /** Exclusive prefix combination of objects: rank i gets ranks 0..i-1 combined; rank 0 gets {@code null}. */
    public <T> T exscanObject(T value, BinaryOperator<T> op) {
        checkNotNull("exscanObject", "op", op);
        return LinearObjectScan.run(collective(CollectiveCall.EXSCAN_OBJECT), value, op, true);
    }

    // ---------------------------------------------------------------- collectives on Divisible structures

    /** The root divides {@code whole} into one part per rank; each rank gets its own part. */
    public <P extends Serializable> P scatter(Divisible<P> whole, int root) {
        checkRank("scatter", "root", root);
        if (rank == root && whole == null) {
            throw new IllegalArgumentException("scatter on rank " + rank + ": the root's Divisible is null");
        }
        int n = size();
        return scatterEncoded(CollectiveCall.SCATTER_DIVISIBLE, rank == root ? j -> whole.part(j, n) : null, root);
    }

    /** Every rank's part is stored into the root's {@code whole} with {@link Divisible#setPart}. */
    public <P extends Serializable> void gather(P part, Divisible<P> whole, int root) {
        checkRank("gather", "root", root);
        if (rank == root && whole == null) {
            throw new IllegalArgumentException("gather on rank " + rank + ": the root's Divisible is null");
        }
        byte[] mine = ObjectCodec.encode(part, "gather", rank);
        int[] lengths = allgatherLengths(CollectiveCall.GATHER_DIVISIBLE, root, mine.length);
        int[] displs = prefix(lengths);
        byte[] all = rank == root ? new byte[displs[size()]] : null;
        BinomialGather.run(collective(CollectiveCall.GATHER_DIVISIBLE, root), mine, 0, all, lengths, displs, root);
        if (rank == root) {
            List<P> parts = decodeAll("gather", all, lengths, displs);
            for (int j = 0; j < parts.size(); j++) {
                whole.setPart(j, parts.size(), parts.get(j));
            }
        }
    }

    /** Every rank's part is stored into every rank's {@code whole}. */
    public <P extends Serializable> void allgather(P part, Divisible<P> whole) {
        if (whole == null) {
            throw new IllegalArgumentException("allgather on rank " + rank + ": the Divisible is null");
        }
        List<P> parts = allgatherObjects(part);
        for (int j = 0; j < parts.size(); j++) {
            whole.setPart(j, parts.size(), parts.get(j));
        }
    }

    /** Scatters encoded objects down a binomial tree ({@link BinomialScatter}). */
    @SuppressWarnings("unchecked")
    private <T> T scatterEncoded(CollectiveCall c, IntFunction<?> partOf, int root) {
        String call = c.label();
        int n = size();
        int[] lengths = new int[n];
        byte[] all = null;
        int[] displs;
        if (rank == root) {
            byte[][] parts = new byte[n][];
            for (int j = 0; j < n; j++) {
                parts[j] = ObjectCodec.encode(partOf.apply(j), call, rank);
                lengths[j] = parts[j].length;
            }
            displs = prefix(lengths);
            all = concat(parts, displs);
        }
        Collectives.bcast(collective(c, root), lengths, 0, n, root);
        displs = prefix(lengths);
        byte[] mine = new byte[lengths[rank]];
        BinomialScatter.run(collective(c, root), all, lengths, displs, mine, 0, root, mine);
        return (T) ObjectCodec.decode(mine, world.loader, call, rank);
    }

    private int[] allgatherLengths(CollectiveCall c, int root, int mine) {
        int[] lengths = new int[size()];
        Collectives.allgather(collective(c, root), new int[] {mine}, 0, lengths, 0, 1, jvms == null);
        return lengths;
    }

    private static int[] prefix(int[] counts) {
        int[] displs = new int[counts.length + 1];
        for (int j = 0; j < counts.length; j++) {
            displs[j + 1] = displs[j] + counts[j];
        }
        return displs;
    }

    private static byte[] concat(byte[][] parts, int[] displs) {
        byte[] all = new byte[displs[parts.length]];
        for (int j = 0; j < parts.length; j++) {
            System.arraycopy(parts[j], 0, all, displs[j], parts[j].length);
        }
        return all;
    }

    @SuppressWarnings("unchecked")
    private <T> List<T> decodeAll(String call, byte[] all, int[] lengths, int[] displs) {
        List<T> out = new ArrayList<>(lengths.length);
        for (int j = 0; j < lengths.length; j++) {
            out.add((T) ObjectCodec.decode(Arrays.copyOfRange(all, displs[j], displs[j] + lengths[j]), world.loader,
                    call, rank));
        }
        return out;
    }

    // ---------------------------------------------------------------- argument checks

    /** A point-to-point call's slice, its argument {@code buf} ({@link #checkData}). */
    private PayloadKind checkMessageSlice(String call, Object buf, int offset, int count, boolean into) {
        return checkData(call, "buf", buf, offset, count, into);
    }

    /**
     * The slice of a call that moves data without combining it (point-to-point, bcast, scatter, gather, allgather,
     * alltoall and their v forms): a primitive array's, or bytes of a {@link ByteBuffer} counted from its start and
     * within its limit, whatever its position ({@code into}: one this rank receives into, which must be writable).
     */
    private PayloadKind checkData(String call, String arg, Object buf, int offset, int count, boolean into) {
        if (!(buf instanceof ByteBuffer b)) {
            return checkSlice(call, arg, buf, offset, count);
        }
        checkCount(call, count);
        if (offset < 0 || (long) offset + count > b.limit()) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": " + arg + " slice [offset " + offset
                    + ", count " + count + "] is outside the ByteBuffer's limit " + b.limit());
        }
        if (into && b.isReadOnly()) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": " + arg + " is a read-only ByteBuffer");
        }
        return PayloadKind.BYTE;
    }

    private PayloadKind checkSlice(String call, String arg, Object buf, int offset, int count) {
        if (buf == null) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": " + arg + " is null");
        }
        PayloadKind kind = PayloadKind.ofArray(buf);
        if (kind == null) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": " + arg + " must be a primitive array,"
                    + " got " + buf.getClass().getTypeName() + (buf instanceof ByteBuffer
                    ? " (a ByteBuffer has no element type to combine; reductions take arrays)"
                    : " (use the *Object calls for objects)"));
        }
        checkCount(call, count);
        int length = Array.getLength(buf);
        if (offset < 0 || (long) offset + count > length) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": " + arg + " slice [offset " + offset
                    + ", count " + count + "] is outside the array of length " + length);
        }
        return kind;
    }

    private void checkCount(String call, int count) {
        if (count < 0) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": count = " + count + " is negative");
        }
    }

    /** Both slices hold one element type: arrays of one type, or bytes ({@code byte[]} and {@link ByteBuffer}s). */
    private void checkSameKind(String call, Object sendBuf, Object recvBuf) {
        if (!Slices.sameKind(sendBuf, recvBuf)) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": sendBuf is "
                    + sendBuf.getClass().getTypeName() + " but recvBuf is " + recvBuf.getClass().getTypeName());
        }
    }

    private void checkCounts(String call, int[] counts) {
        if (counts == null || counts.length != size()) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": counts must have one entry per rank ("
                    + size() + "), got " + (counts == null ? "null" : counts.length));
        }
        for (int j = 0; j < counts.length; j++) {
            if (counts[j] < 0) {
                throw new IllegalArgumentException(call + " on rank " + rank + ": counts[" + j + "] = " + counts[j]
                        + " is negative");
            }
        }
    }

    private void checkLayout(String call, String arg, Object buf, int[] counts, int[] displs, boolean into) {
        checkCounts(call, counts);
        if (displs == null || displs.length != size()) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": displs must have one entry per rank ("
                    + size() + "), got " + (displs == null ? "null" : displs.length));
        }
        for (int j = 0; j < counts.length; j++) {
            checkData(call, arg + " block " + j, buf, displs[j], counts[j], into);
        }
    }

    private void checkOwnCount(String call, int[] counts, int sendCount) {
        if (counts[rank] != sendCount) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": counts[" + rank + "] = " + counts[rank]
                    + " but sendCount = " + sendCount);
        }
    }

    private void checkOp(String call, Op op, PayloadKind kind, int count) {
        if (op == null) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": op is null");
        }
        op.check(call, rank, kind, count);
    }

    private void checkNotNull(String call, String arg, Object value) {
        if (value == null) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": " + arg + " is null");
        }
    }

    private void checkRank(String call, String arg, int r) {
        if (r < 0 || r >= size()) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": " + arg + " = " + r
                    + " is not a rank of this communicator (size " + size() + ")");
        }
    }

    private void checkSource(String call, int source) {
        if (source != ANY_SOURCE) {
            checkRank(call, "source", source);
        }
    }

    private void checkSendTag(String call, int tag) {
        if (tag < 0) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": tag = " + tag + " is negative");
        }
    }

    private void checkRecvTag(String call, int tag) {
        if (tag < 0 && tag != ANY_TAG) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": tag = " + tag
                    + " is negative and not ANY_TAG");
        }
    }

    @Override
    public String toString() {
        return "Comm[rank " + rank + " of " + size() + ", context " + context + "]";
    }

    /**
     * Numbers this rank's next collective on this communicator: the word ({@link CollectiveTag}) its messages and
     * shared flags carry, by which ranks that called different collectives find out.
     */
    private int begin(CollectiveCall call, int root) {
        if (++collectives % CollectiveTag.EPOCH == 0 && CollectiveTag.CHECKED) {
            // This number is a barrier's, so that no rank runs far enough ahead for numbers to alias.
            int epoch = CollectiveTag.of(collectives, CollectiveCall.EPOCH, 0);
            if (shared != null) {
                shared.begin(epoch);
                shared.barrier();
            } else {
                Collectives.barrier(channel(CollectiveCall.EPOCH, epoch));
            }
            ++collectives;
        }
        int word = CollectiveTag.of(collectives, call, root);
        if (shared != null) {
            shared.begin(word);
        } else if (jvms != null) {
            // Every collective, not only those that run in two levels: a rank waiting in its JVM's shared memory for
            // a neighbour that called another collective finds out, as ranks that share all their collectives do.
            jvms.local().begin(word);
        }
        return word;
    }

    /** The point-to-point channel the algorithms of the next collective use, a call without root. */
    private Channel collective(CollectiveCall call) {
        return collective(call, 0);
    }

    /** The point-to-point channel the algorithms of the next collective use; errors will name the call. */
    private Channel collective(CollectiveCall call, int root) {
        return channel(call, begin(call, root));
    }

    /** The point-to-point channel of the collective numbered by {@code word} ({@link #begin}). */
    private Channel channel(CollectiveCall call, int word) {
        return new Channel(CollectiveTag.context(context), call.label(), word);
    }

    /** Point-to-point on this communicator's collective context, for the algorithms of {@link Collectives}. */
    private final class Channel implements PointToPoint {
        private final int ctx;
        private final String call;
        /** The collective's {@link CollectiveTag} word, which every message tag of the algorithm carries. */
        private final int word;

        Channel(int ctx, String call, int word) {
            this.ctx = ctx;
            this.call = call;
            this.word = word;
        }

        @Override
        public int rank() {
            return rank;
        }

        @Override
        public Object scratch(Object like, int n) {
            return Slices.reuse(scratch.getAndSet(null), like, n);
        }

        @Override
        public void giveBack(Object vector) {
            scratch.set(vector);
        }

        @Override
        public int size() {
            return members.length;
        }

        @Override
        public String call() {
            return call;
        }

        @Override
        public int word() {
            return word;
        }

        /** Past the fast phases of a wait in host memory for {@code owner}: as a receive from it would fail. */
        @Override
        public boolean ended(int owner) {
            world.engine.checkFailure();
            CommInterruptedException.check(where());
            String why = world.engine.hostConflict(ctx, CollectiveTag.tag(word, 0), owner);
            if (why != null) {
                throw new CollectiveMismatchException(where() + ": " + why);
            }
            return world.engine.hasEnded(members[owner]);
        }

        @Override
        public HostMemory hostMemory() {
            if (!hostMemoryTried) {
                hostMemoryTried = true;
                hostMemory = HostMemoryJoin.run(this, world.transport.hostMemoryDirectory(members),
                        HostMemory.configuredSlotBytes());
            }
            return hostMemory;
        }

        @Override
        public Completion isend(Object buf, int off, int count, int dest, int tag) {
            PayloadKind kind = PayloadKind.ofSlice(buf);
            int t = CollectiveTag.tag(word, tag);
            if (world.transport.sendNow(members[dest], ctx, rank, t, kind, buf, off, count)) {
                return Completion.alreadyDone();
            }
            Completion done = new Completion(members[dest], (long) count * kind.bytesPerElement());
            world.transport.send(members[dest], new Envelope(ctx, rank, t, kind, count), buf, off, done);
            world.engine.watchCollectiveSend(call, rank, ctx, t, done);
            return done;
        }

        @Override
        public ReceiveSlot irecv(Object buf, int off, int count, int source, int tag) {
            ReceiveSlot slot = ReceiveSlot.collective(call, rank, ctx, source, members[source],
                    CollectiveTag.tag(word, tag), buf, off, count);
            world.engine.post(slot);
            return slot;
        }

        @Override
        public void sendObject(Object value, int dest, int tag) {
            byte[] bytes = ObjectCodec.encode(value, call, rank);
            Completion done = new Completion(members[dest], bytes.length);
            int t = CollectiveTag.tag(word, tag);
            world.transport.send(members[dest], new Envelope(ctx, rank, t, PayloadKind.OBJECT, bytes.length), bytes,
                    0, done);
            world.engine.watchCollectiveSend(call, rank, ctx, t, done);
            await(done);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T recvObject(int source, int tag) {
            ReceiveSlot slot = ReceiveSlot.collective(call, rank, ctx, source, members[source],
                    CollectiveTag.tag(word, tag), null, 0, 0);
            world.engine.post(slot);
            await(slot);
            return (T) ObjectCodec.decode(slot.objectBytes(), world.loader, call, rank);
        }

        /**
         * A send inside a collective fails with the transport's words ("send to rank 1: ..."); the user called the
         * collective, so the error names it and this rank first. A peer's failure keeps its own type and culprit, an
         * interrupt its type.
         */
        @Override
        public void await(Completion c) {
            try {
                c.await(world.engine);
            } catch (RankFailedException e) {
                throw e;
            } catch (CommInterruptedException e) {
                throw CommInterruptedException.waitingIn(call + " on rank " + rank);
            } catch (CommException e) {
                String where = call + " on rank " + rank + ": ";
                throw e.getMessage() != null && e.getMessage().startsWith(where) ? e
                        : new CommException(where + e.getMessage(), e);
            }
        }
    }
}
