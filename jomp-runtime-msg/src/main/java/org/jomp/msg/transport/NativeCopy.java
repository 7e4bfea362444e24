package org.jomp.msg.transport;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Large copies between Java memory and direct buffers, and between two arrays, by the C library's {@code memcpy},
 * called through the Foreign Function API of JDK 22 and later as a <em>critical</em> function that may take heap
 * memory ({@code Linker.Option.critical(true)}), where {@link BulkCopy} and {@link SliceCopy#copyAcross} would copy
 * through the JVM's own loops.
 *
 * <p>Why: the buffers that rank JVMs of one host share (a {@code socket.MappedRing}, {@link HostMemory}), and the
 * arrays of thread ranks that copy each other's messages ({@link CooperativeCopy}, broadcasts), are written by one
 * core and read by the other, and the next write into lines the other core has just read is what costs. The JVM
 * copies with vector loads and stores, each store waiting for the other core to give its line up; glibc's
 * {@code memcpy} copies such sizes with {@code rep movsb}, which the processor runs a line at a time without
 * waiting so. On the 2-vCPU AMD EPYC guest, 256 KiB written by one rank JVM and read by the other, in turn, took
 * 208-215 µs a MiB copied by the JVM and 67-75 by {@code memcpy} (the same loop in C: 205 against 68, the
 * writer's copy being the slow one); within one core both copy alike (docs/benchmarks-msg-log.md, 2 December
 * 2026).
 *
 * <p>The project is built for Java 17, so the API is reached through method handles looked up once, by name. It is
 * used only where all of these hold, and otherwise the JVM copies as before ({@link #unavailableReason()}
 * says which failed): the JVM is 22 or later; native access is enabled for this code
 * ({@code --enable-native-access=ALL-UNNAMED}, or the module's name), so that no warning is printed, as jomprun
 * passes it to rank JVMs of JDK 22 and later; {@code -Djomp.msg.nativeCopy} is not {@code false}. A copy goes this
 * way only if it is of at least {@value #MIN_BYTES} bytes, its buffer is direct, writable where written, in the
 * machine's byte order (or the elements are bytes) and large enough, and its array slices lie within their arrays
 * (two slices of one array never: they may overlap): any other copy, including one that would fail, is left to the
 * JVM, whose exceptions stand.
 */
final class NativeCopy {
    /** Copies smaller than this go through the JVM: its copies of them cost less than the call. */
    static final int MIN_BYTES = 16 * 1024;

    private static final NativeCopy INSTANCE;
    private static final String UNAVAILABLE;

    static {
        NativeCopy copy = null;
        String why;
        try {
            why = precondition();
            if (why == null) {
                copy = new NativeCopy();
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            why = "the Foreign Function API could not be linked: " + e;
        }
        INSTANCE = copy;
        UNAVAILABLE = why;
    }

    /** For each array type: (ByteBuffer destination, array, byte offset, bytes) -> void. */
    private final MethodHandle[] fromArray = new MethodHandle[ForeignCalls.arrayTypes()];
    /** For each array type: (array, byte offset, ByteBuffer source, bytes) -> void. */
    private final MethodHandle[] toArray = new MethodHandle[ForeignCalls.arrayTypes()];
    /** (ByteBuffer destination, ByteBuffer source, bytes) -> void. */
    private final MethodHandle buffers;
    /** For each array type: (destination array, byte offset, source array, byte offset, bytes) -> void. */
    private final MethodHandle[] arrays = new MethodHandle[ForeignCalls.arrayTypes()];

    private NativeCopy() throws ReflectiveOperationException {
        Class<?> segment = ForeignCalls.segment();
        Object address = ForeignCalls.layout("ADDRESS");
        // (MemorySegment destination, MemorySegment source, long bytes) -> MemorySegment
        MethodHandle memcpy = ForeignCalls.downcall("memcpy", address, new Object[] {address, address,
            ForeignCalls.layout("JAVA_LONG")}, ForeignCalls.critical());

        MethodHandles.Lookup pub = MethodHandles.publicLookup();
        MethodHandle ofBuffer = pub.findStatic(segment, "ofBuffer", MethodType.methodType(segment, Buffer.class));
        MethodHandle asSlice = pub.findVirtual(segment, "asSlice", MethodType.methodType(segment, long.class,
                long.class));
        buffers = MethodHandles.filterArguments(memcpy, 0, ofBuffer, ofBuffer)
                .asType(MethodType.methodType(void.class, ByteBuffer.class, ByteBuffer.class, long.class));
        MethodHandle intoBuffer = MethodHandles.filterArguments(memcpy, 0, ofBuffer);
        MethodHandle outOfBuffer = MethodHandles.filterArguments(memcpy, 1, ofBuffer);
        for (int i = 0; i < ForeignCalls.arrayTypes(); i++) {
            Class<?> type = ForeignCalls.arrayClass(i);
            MethodHandle ofArray = pub.findStatic(segment, "ofArray", MethodType.methodType(segment, type));
            // (array, byte offset, bytes) -> that range of the array
            MethodHandle range = MethodHandles.filterArguments(asSlice, 0, ofArray);
            // (buffer, array, offset, bytes, bytes) -> ..., then the two byte counts made one
            MethodHandle in = MethodHandles.collectArguments(intoBuffer, 1, range);
            fromArray[i] = MethodHandles.permuteArguments(in, MethodType.methodType(segment, Buffer.class,
                    type, long.class, long.class), 0, 1, 2, 3, 3)
                    .asType(MethodType.methodType(void.class, ByteBuffer.class, Object.class, long.class,
                            long.class));
            // (array, offset, bytes, buffer, bytes) -> ..., the same
            MethodHandle out = MethodHandles.collectArguments(outOfBuffer, 0, range);
            toArray[i] = MethodHandles.permuteArguments(out, MethodType.methodType(segment, type,
                    long.class, Buffer.class, long.class), 0, 1, 3, 2, 3)
                    .asType(MethodType.methodType(void.class, Object.class, long.class, ByteBuffer.class,
                            long.class));
            // (dest, offset, bytes, src, offset, bytes, bytes) -> ..., the three byte counts made one
            MethodHandle both = MethodHandles.collectArguments(MethodHandles.collectArguments(memcpy, 0, range), 3,
                    range);
            arrays[i] = MethodHandles.permuteArguments(both, MethodType.methodType(segment, type,
                    long.class, type, long.class, long.class), 0, 1, 4, 2, 3, 4, 4)
                    .asType(MethodType.methodType(void.class, Object.class, long.class, Object.class, long.class,
                            long.class));
        }
    }

    /** Why copies cannot go through {@code memcpy} here, or {@code null} if they can. */
    private static String precondition() throws ReflectiveOperationException {
        if (!Boolean.parseBoolean(System.getProperty("jomp.msg.nativeCopy", "true"))) {
            return "-Djomp.msg.nativeCopy=false";
        }
        if (Runtime.version().feature() < 22) {
            return "Java " + Runtime.version().feature() + " (memcpy from Java arrays needs Java 22 or later)";
        }
        if (!ForeignCalls.nativeAccessEnabled(NativeCopy.class)) {
            return "native access is not enabled (--enable-native-access=ALL-UNNAMED)";
        }
        return null;
    }

    /** Whether copies go through {@code memcpy} in this JVM. */
    static boolean available() {
        return INSTANCE != null;
    }

    /** Why {@link #available()} is false, or {@code null} if it is not. */
    static String unavailableReason() {
        return UNAVAILABLE;
    }

    /**
     * Copies {@code count} elements of {@code array} (of {@code kind}; or bytes of a {@link ByteBuffer} from index
     * {@code offset}) from element {@code offset} into {@code b} at byte {@code at}, if this copy goes through
     * {@code memcpy}; leaves {@code b}'s position alone.
     *
     * @return whether it copied; if not, nothing was touched
     */
    static boolean put(ByteBuffer b, int at, PayloadKind kind, Object array, int offset, int count) {
        int bytes = count * kind.bytesPerElement();
        if (!suits(b, at, kind, bytes) || b.isReadOnly()) {
            return false;
        }
        try {
            if (array instanceof ByteBuffer src) {
                if (!src.isDirect() || offset < 0 || count > src.limit() - offset) {
                    return false;
                }
                INSTANCE.buffers.invokeExact(b.slice(at, bytes), src.slice(offset, count), (long) bytes);
                return true;
            }
            int i = index(array, kind, offset, count);
            if (i < 0) {
                return false;
            }
            INSTANCE.fromArray[i].invokeExact(b.slice(at, bytes), array, (long) offset * kind.bytesPerElement(),
                    (long) bytes);
            return true;
        } catch (Throwable t) {
            throw ForeignCalls.rethrow(t);
        }
    }

    /**
     * Copies {@code count} elements from {@code b} at byte {@code at} into {@code array} (of {@code kind}; or a
     * writable {@link ByteBuffer}, from index {@code offset}) from element {@code offset}, if this copy goes through
     * {@code memcpy}; leaves {@code b}'s position alone.
     *
     * @return whether it copied; if not, nothing was touched
     */
    static boolean get(ByteBuffer b, int at, PayloadKind kind, Object array, int offset, int count) {
        int bytes = count * kind.bytesPerElement();
        if (!suits(b, at, kind, bytes)) {
            return false;
        }
        try {
            if (array instanceof ByteBuffer dest) {
                if (!dest.isDirect() || dest.isReadOnly() || offset < 0 || count > dest.limit() - offset) {
                    return false;
                }
                INSTANCE.buffers.invokeExact(dest.slice(offset, count), b.slice(at, bytes), (long) bytes);
                return true;
            }
            int i = index(array, kind, offset, count);
            if (i < 0) {
                return false;
            }
            INSTANCE.toArray[i].invokeExact(array, (long) offset * kind.bytesPerElement(), b.slice(at, bytes),
                    (long) bytes);
            return true;
        } catch (Throwable t) {
            throw ForeignCalls.rethrow(t);
        }
    }

    /**
     * Copies {@code count} elements of {@code src} from {@code srcOffset} into {@code dest} at {@code destOffset},
     * two arrays of one primitive type, if this copy goes through {@code memcpy}: not within one array (the slices
     * could overlap, which {@code memcpy} does not allow), nor a slice that leaves its array.
     *
     * @return whether it copied; if not, nothing was touched
     */
    static boolean arrays(Object src, int srcOffset, Object dest, int destOffset, int count) {
        if (INSTANCE == null || src == dest || src.getClass() != dest.getClass()) {
            return false;
        }
        int i = index(src, srcOffset, count);
        int size = i < 0 ? 0 : ForeignCalls.elementBytes(i);
        if (i < 0 || (long) count * size < MIN_BYTES || index(dest, destOffset, count) != i) {
            return false;
        }
        try {
            INSTANCE.arrays[i].invokeExact(dest, (long) destOffset * size, src, (long) srcOffset * size,
                    (long) count * size);
            return true;
        } catch (Throwable t) {
            throw ForeignCalls.rethrow(t);
        }
    }

    /** Whether a copy of {@code bytes} bytes of {@code kind} at {@code at} in {@code b} may go through memcpy. */
    private static boolean suits(ByteBuffer b, int at, PayloadKind kind, int bytes) {
        return INSTANCE != null && bytes >= MIN_BYTES && b.isDirect() && at >= 0 && bytes <= b.limit() - at
                && (kind.bytesPerElement() == 1 || b.order() == ByteOrder.nativeOrder());
    }

    /**
     * {@code array}'s type ({@link ForeignCalls#arrayType}), or -1 if it has none, its elements are not of
     * {@code kind}'s size, or the slice leaves it.
     */
    private static int index(Object array, PayloadKind kind, int offset, int count) {
        int i = index(array, offset, count);
        return i >= 0 && ForeignCalls.elementBytes(i) == kind.bytesPerElement() ? i : -1;
    }

    /** {@code array}'s type ({@link ForeignCalls#arrayType}), or -1 if it has none or the slice leaves it. */
    private static int index(Object array, int offset, int count) {
        int i = ForeignCalls.arrayType(array);
        return i >= 0 && offset >= 0 && count >= 0 && count <= Array.getLength(array) - offset ? i : -1;
    }
}
