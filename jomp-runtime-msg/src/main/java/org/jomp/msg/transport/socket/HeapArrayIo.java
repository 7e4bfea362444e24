package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;

import org.jomp.msg.transport.ForeignCalls;

/**
 * Sends and receives slices of Java primitive arrays through a socket in place, with no copy into or out of native
 * memory: the C library's {@code send} and {@code recv}, called through the Foreign Function API of JDK 22 and later
 * as <em>critical</em> functions that may take heap memory ({@code Linker.Option.critical(true)}: the array is
 * passed by address and the collector waits for the call). NIO copies an array's bytes into a native buffer before
 * the kernel copies them again; Open MPI hands the kernel the user's memory. A ping-pong of 1 MiB {@code byte[]}
 * between two threads over a Unix socket took 87-92 µs one way so on the development VM, against 150-158 µs through
 * a direct buffer; of 8 MiB, 1,264-1,399 against 2,148-2,413 (docs/benchmarks-msg-log.md).
 *
 * <p>The project is built for Java 17, so the API is reached through method handles looked up once, by name. It is
 * used only where all of these hold, and otherwise the transport copies through direct buffers as before
 * ({@link #unavailableReason()} says which failed):
 * <ul>
 *   <li>the JVM is 22 or later, on Linux, little-endian (the wire's byte order is little-endian);</li>
 *   <li>native access is enabled for this code ({@code --enable-native-access=ALL-UNNAMED}, or the module's name),
 *       so that no warning is printed;</li>
 *   <li>{@code sun.nio.ch} is exported to it ({@code --add-exports java.base/sun.nio.ch=ALL-UNNAMED}), to read a
 *       channel's file descriptor;</li>
 *   <li>{@code -Djomp.msg.socket.heapIo} is not {@code false}.</li>
 * </ul>
 * jomprun passes both options to rank JVMs of JDK 22 and later.
 *
 * <p>Calls never block: NIO keeps the sockets non-blocking, and a call moves at most what the socket takes at once.
 * {@code send} is given {@code MSG_NOSIGNAL}, so a peer that has gone makes it fail rather than raise
 * {@code SIGPIPE}. {@code errno} is captured with each call ({@code Linker.Option.captureCallState}) into a segment
 * of the caller's, one per direction of a connection, used under that direction's lock.
 */
final class HeapArrayIo {
    private static final System.Logger LOG = System.getLogger(HeapArrayIo.class.getName());
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    private static final int EPIPE = 32;
    private static final int ECONNRESET = 104;

    private static final HeapArrayIo INSTANCE;
    private static final String UNAVAILABLE;
    /** Off only for want of a JVM option, which the user can give ({@link #optionsHint()}). */
    private static final boolean LACKS_OPTION;

    static {
        HeapArrayIo io = null;
        String why;
        boolean lacksOption = false;
        try {
            why = precondition();
            if (why == null) {
                why = missingOption();
                lacksOption = why != null;
            }
            if (why == null) {
                io = new HeapArrayIo();
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            why = "the Foreign Function API could not be linked: " + e;
        }
        INSTANCE = io;
        UNAVAILABLE = why;
        LACKS_OPTION = lacksOption;
        if (why != null) {
            LOG.log(System.Logger.Level.DEBUG, "arrays are copied through native buffers: " + why);
        }
    }

    /** send and recv for each array type: (errno segment, fd, array, byte offset, bytes) -> long. */
    private final MethodHandle[] sends = new MethodHandle[ForeignCalls.arrayTypes()];
    private final MethodHandle[] recvs = new MethodHandle[ForeignCalls.arrayTypes()];
    private final MethodHandle newErrnoBox;
    private final MethodHandle errno;
    private final Method fdVal;

    private HeapArrayIo() throws ReflectiveOperationException {
        Class<?> segment = ForeignCalls.segment();
        Class<?> layout = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> option = Class.forName("java.lang.foreign.Linker$Option");
        Class<?> arena = Class.forName("java.lang.foreign.Arena");
        Class<?> groupLayout = Class.forName("java.lang.foreign.GroupLayout");
        Class<?> pathElement = Class.forName("java.lang.foreign.MemoryLayout$PathElement");
        Object longL = ForeignCalls.layout("JAVA_LONG");
        Object intL = ForeignCalls.layout("JAVA_INT");
        Object[] args = {intL, ForeignCalls.layout("ADDRESS"), longL, intL};

        MethodHandles.Lookup pub = MethodHandles.publicLookup();
        MethodHandle asSlice = pub.findVirtual(segment, "asSlice", MethodType.methodType(segment, long.class));
        for (String name : new String[] {"send", "recv"}) {
            // (MemorySegment errno, int fd, MemorySegment buf, long len, int flags) -> long
            MethodHandle call = ForeignCalls.downcall(name, longL, args, ForeignCalls.critical(),
                    ForeignCalls.captureCallState("errno"));
            call = MethodHandles.insertArguments(call, 4, name.equals("send") ? MSG_NOSIGNAL : 0);
            for (int i = 0; i < ForeignCalls.arrayTypes(); i++) {
                MethodHandle ofArray = pub.findStatic(segment, "ofArray", MethodType.methodType(segment,
                        ForeignCalls.arrayClass(i)));
                // (array, byte offset) -> the segment from that byte on
                MethodHandle at = MethodHandles.filterArguments(asSlice, 0, ofArray);
                MethodHandle h = MethodHandles.collectArguments(call, 2, at)
                        .asType(MethodType.methodType(long.class, Object.class, int.class, Object.class,
                                long.class, long.class));
                (name.equals("send") ? sends : recvs)[i] = h;
            }
        }

        Object stateLayout = option.getMethod("captureStateLayout").invoke(null);
        Object auto = arena.getMethod("ofAuto").invoke(null);
        MethodHandle allocate = pub.findVirtual(arena, "allocate", MethodType.methodType(segment, layout))
                .bindTo(auto);
        newErrnoBox = MethodHandles.insertArguments(allocate, 0, stateLayout)
                .asType(MethodType.methodType(Object.class));
        Object path = Array.newInstance(pathElement, 1);
        Array.set(path, 0, pathElement.getMethod("groupElement", String.class).invoke(null, "errno"));
        long errnoAt = (long) groupLayout.getMethod("byteOffset", path.getClass()).invoke(stateLayout, path);
        Class<?> ofInt = Class.forName("java.lang.foreign.ValueLayout$OfInt");
        MethodHandle get = pub.findVirtual(segment, "get", MethodType.methodType(int.class, ofInt, long.class));
        errno = MethodHandles.insertArguments(get, 1, intL, errnoAt)
                .asType(MethodType.methodType(int.class, Object.class));
        fdVal = Class.forName("sun.nio.ch.SelChImpl").getMethod("getFDVal");
    }

    /** Why arrays cannot be moved in place here, or {@code null} if they can. */
    private static String precondition() throws ReflectiveOperationException {
        if (!Boolean.parseBoolean(System.getProperty("jomp.msg.socket.heapIo", "true"))) {
            return "-Djomp.msg.socket.heapIo=false";
        }
        if (Runtime.version().feature() < 22) {
            return "Java " + Runtime.version().feature() + " (in-place array I/O needs Java 22 or later)";
        }
        if (!System.getProperty("os.name", "").startsWith("Linux")) {
            return "not Linux (" + System.getProperty("os.name") + ")";
        }
        if (ByteOrder.nativeOrder() != Frame.ORDER) {
            return "a big-endian machine (the wire is little-endian)";
        }
        return null;
    }

    /** Where {@link #precondition()} holds: the JVM option in-place I/O lacks, or {@code null}. */
    private static String missingOption() throws ReflectiveOperationException {
        Module mine = HeapArrayIo.class.getModule();
        if (!ForeignCalls.nativeAccessEnabled(HeapArrayIo.class)) {
            return "native access is not enabled (--enable-native-access=ALL-UNNAMED)";
        }
        if (!Object.class.getModule().isExported("sun.nio.ch", mine)) {
            return "sun.nio.ch is not exported (--add-exports java.base/sun.nio.ch=ALL-UNNAMED)";
        }
        return null;
    }

    /** The in-place I/O of this JVM, or {@code null} where {@link #unavailableReason()} says why not. */
    static HeapArrayIo get() {
        return INSTANCE;
    }

    /**
     * What to tell the user when arrays are copied here only for want of a JVM option (ranks started by
     * {@code srun} or {@code mpirun} without them), else {@code null}: on Java 17 to 21 nothing can be done, and
     * {@code -Djomp.msg.socket.heapIo=false} is the user's own choice.
     */
    static String optionsHint() {
        return LACKS_OPTION ? "large messages from Java arrays are copied through native memory, since " + UNAVAILABLE
                + "; give the rank JVMs --enable-native-access=ALL-UNNAMED"
                + " --add-exports=java.base/sun.nio.ch=ALL-UNNAMED to send and receive them in place, as jomprun"
                + " does (or -Djomp.msg.socket.heapIo=false to copy them without this note)" : null;
    }

    /** Why {@link #get()} is {@code null}, or {@code null} if it is not. */
    static String unavailableReason() {
        return UNAVAILABLE;
    }

    /** Whether {@code slice} is an array this I/O moves in place (every primitive array but {@code boolean[]}). */
    static boolean movesInPlace(Object slice) {
        return INSTANCE != null && ForeignCalls.arrayType(slice) >= 0;
    }

    /** The file descriptor of an open channel. */
    int fd(SocketChannel channel) {
        try {
            return (int) fdVal.invoke(channel);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the file descriptor of " + channel, e);
        }
    }

    /** A segment for the {@code errno} of one thread's calls at a time ({@link #send}, {@link #recv}). */
    Object newErrnoBox() {
        try {
            return (Object) newErrnoBox.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException("cannot allocate the errno segment", t);
        }
    }

    /**
     * Sends what the socket takes now of {@code bytes} bytes of {@code array} from byte {@code at}.
     *
     * @return the bytes sent, 0 if the socket has no room
     * @throws IOException the connection is broken
     */
    long send(Object box, int fd, Object array, long at, long bytes) throws IOException {
        long n = call(sends, box, fd, array, at, bytes);
        return n >= 0 ? n : failed("send", box);
    }

    /**
     * Receives what the socket holds now, up to {@code bytes} bytes, into {@code array} from byte {@code at}.
     *
     * @return the bytes received, 0 if none have come, -1 at the end of the stream (the peer closed the connection)
     * @throws IOException the connection is broken
     */
    long recv(Object box, int fd, Object array, long at, long bytes) throws IOException {
        long n = call(recvs, box, fd, array, at, bytes);
        return n > 0 ? n : n == 0 ? -1 : failed("recv", box);
    }

    private static long call(MethodHandle[] byType, Object box, int fd, Object array, long at, long bytes) {
        int i = ForeignCalls.arrayType(array);
        // The C function is given an address and a length: a range outside the array would be the heap's memory.
        if (at < 0 || bytes < 0 || at + bytes > (long) Array.getLength(array) * ForeignCalls.elementBytes(i)) {
            throw new IndexOutOfBoundsException("bytes [" + at + ", " + (at + bytes) + ") of a "
                    + array.getClass().getSimpleName() + " of " + Array.getLength(array) + " elements");
        }
        try {
            return (long) byType[i].invokeExact(box, fd, array, at, bytes);
        } catch (Throwable t) {
            throw ForeignCalls.rethrow(t);
        }
    }

    /** A call returned -1: 0 if it would have blocked or was interrupted, else the error as an exception. */
    private long failed(String call, Object box) throws IOException {
        int e;
        try {
            e = (int) errno.invokeExact(box);
        } catch (Throwable t) {
            throw ForeignCalls.rethrow(t);
        }
        if (e == EAGAIN || e == EINTR) {
            return 0;
        }
        throw new IOException(call + " failed: " + switch (e) {
            case EPIPE -> "Broken pipe";
            case ECONNRESET -> "Connection reset by peer";
            default -> "errno " + e;
        });
    }
}
