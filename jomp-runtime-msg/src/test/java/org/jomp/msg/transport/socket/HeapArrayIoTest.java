package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.reflect.Array;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.jomp.msg.transport.BulkCopy;
import org.jomp.msg.transport.PayloadKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link HeapArrayIo}: where the JVM allows it (Java 22 and later, with the options the module's pom gives the test
 * JVM), slices of arrays go to and come from a socket in place, in the wire's byte order; elsewhere it is off and
 * says why, and the transport copies.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HeapArrayIoTest {
    private static final int FEATURE = Runtime.version().feature();
    private static final PayloadKind[] KINDS = {
        PayloadKind.BYTE, PayloadKind.CHAR, PayloadKind.SHORT, PayloadKind.INT, PayloadKind.LONG, PayloadKind.FLOAT,
        PayloadKind.DOUBLE};

    private SocketChannel a;
    private SocketChannel b;

    @BeforeEach
    void connect() throws IOException {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            a = SocketChannel.open(server.getLocalAddress());
            b = server.accept();
        }
        a.configureBlocking(false);
        b.configureBlocking(false);
    }

    @AfterEach
    void close() throws IOException {
        a.close();
        b.close();
    }

    @Test
    void beforeJava22ArraysAreCopiedAndTheReasonNamesTheVersion() {
        assumeTrue(FEATURE < 22);
        assertNull(HeapArrayIo.get());
        assertEquals("Java " + FEATURE + " (in-place array I/O needs Java 22 or later)",
                HeapArrayIo.unavailableReason());
    }

    @Test
    void fromJava22WithTheOptionsArraysMoveInPlace() {
        assumeTrue(FEATURE >= 22);
        assertNotNull(HeapArrayIo.get(), HeapArrayIo.unavailableReason());
        assertTrue(HeapArrayIo.movesInPlace(new double[1]));
        assertTrue(!HeapArrayIo.movesInPlace(new boolean[1]) && !HeapArrayIo.movesInPlace(ByteBuffer.allocate(1)));
    }

    private static Object filled(PayloadKind kind, int from, int length) {
        Object array = kind.newArray(length);
        for (int k = 0; k < length; k++) {
            Array.set(array, k, TestElements.of(kind, from, 0, k));
        }
        return array;
    }

    @Test
    void aSliceIsSentAsTheWireEncodesItAndReceivedIntoASlice() throws IOException {
        HeapArrayIo io = HeapArrayIo.get();
        assumeTrue(io != null, "in-place I/O is off here");
        Object sendBox = io.newErrnoBox();
        Object recvBox = io.newErrnoBox();
        for (PayloadKind kind : KINDS) {
            int bpe = kind.bytesPerElement();
            Object from = filled(kind, 1, 10);
            assertEquals(5L * bpe, io.send(sendBox, io.fd(a), from, 3L * bpe, 5L * bpe));
            ByteBuffer wire = ByteBuffer.allocate(5 * bpe);
            while (wire.hasRemaining()) {
                b.read(wire);
            }
            ByteBuffer encoded = ByteBuffer.allocateDirect(5 * bpe).order(Frame.ORDER);
            BulkCopy.put(encoded, kind, from, 3, 5);
            assertEquals(encoded.flip(), wire.flip(), kind + ": the bytes sent");

            Object into = filled(kind, 9, 10);
            Object expected = filled(kind, 9, 10);
            System.arraycopy(from, 3, expected, 2, 5);
            b.write(wire.rewind());
            long got = 0;
            while (got < 5L * bpe) {
                got += io.recv(recvBox, io.fd(a), into, 2L * bpe + got, 5L * bpe - got);
            }
            assertEquals(5L * bpe, got);
            for (int k = 0; k < 10; k++) {
                assertEquals(Array.get(expected, k), Array.get(into, k), kind + ": element " + k + " received");
            }
        }
    }

    @Test
    void aRangeOutsideTheArrayIsRefusedBeforeAnyCall() {
        HeapArrayIo io = HeapArrayIo.get();
        assumeTrue(io != null, "in-place I/O is off here");
        Object box = io.newErrnoBox();
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
                () -> io.send(box, io.fd(a), new int[4], 8, 9));
        assertEquals("bytes [8, 17) of a int[] of 4 elements", e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> io.recv(box, io.fd(a), new double[2], -8, 8));
        assertThrows(IndexOutOfBoundsException.class, () -> io.recv(box, io.fd(a), new byte[2], 0, 3));
    }

    @Test
    void nothingToReceiveIsZeroAndTheEndOfTheStreamMinusOne() throws IOException {
        HeapArrayIo io = HeapArrayIo.get();
        assumeTrue(io != null, "in-place I/O is off here");
        Object box = io.newErrnoBox();
        byte[] into = new byte[4];
        assertEquals(0, io.recv(box, io.fd(a), into, 0, 4));
        b.close();
        long n = 0;
        for (long deadline = System.nanoTime() + 5_000_000_000L; n == 0 && System.nanoTime() < deadline; ) {
            n = io.recv(box, io.fd(a), into, 0, 4);
        }
        assertEquals(-1, n);
        assertArrayEquals(new byte[4], into);
    }

    @Test
    void sendingToAClosedPeerFailsSayingHow() throws Exception {
        HeapArrayIo io = HeapArrayIo.get();
        assumeTrue(io != null, "in-place I/O is off here");
        Object box = io.newErrnoBox();
        b.close();
        IOException e = assertThrows(IOException.class, () -> {
            for (long deadline = System.nanoTime() + 5_000_000_000L; System.nanoTime() < deadline; ) {
                io.send(box, io.fd(a), new long[1024], 0, 8192);
                Thread.sleep(10);
            }
        });
        assertTrue(e.getMessage().equals("send failed: Broken pipe")
                || e.getMessage().equals("send failed: Connection reset by peer"), e.getMessage());
    }

    /** A JVM of this one's Java with {@code options}: what {@link HeapArrayIoReason} prints. */
    private static String reasonWith(String... options) throws Exception {
        return JvmJob.output(HeapArrayIoReason.class, options);
    }

    @Test
    void fromJava22EachMissingOptionIsNamedAndNoWarningPrinted() throws Exception {
        assumeTrue(FEATURE >= 22 && HeapArrayIo.get() != null);
        assertEquals("native access is not enabled (--enable-native-access=ALL-UNNAMED)", reasonWith());
        assertEquals("sun.nio.ch is not exported (--add-exports java.base/sun.nio.ch=ALL-UNNAMED)",
                reasonWith("--enable-native-access=ALL-UNNAMED"));
        assertEquals("-Djomp.msg.socket.heapIo=false", reasonWith("--enable-native-access=ALL-UNNAMED",
                "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED", "-Djomp.msg.socket.heapIo=false"));
        assertEquals("in place", reasonWith("--enable-native-access=ALL-UNNAMED",
                "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"));
    }

    @Test
    void fromJava22RankZeroSaysWhichOptionWouldMoveArraysInPlaceOnce() throws Exception {
        assumeTrue(FEATURE >= 22 && HeapArrayIo.get() != null);
        String out = JvmJob.output(TwoRankMesh.class, "--enable-native-access=ALL-UNNAMED");
        assertTrue(out.endsWith("closed"), out);
        String hint = "rank 0: large messages from Java arrays are copied through native memory, since sun.nio.ch is"
                + " not exported (--add-exports java.base/sun.nio.ch=ALL-UNNAMED); give the rank JVMs"
                + " --enable-native-access=ALL-UNNAMED --add-exports=java.base/sun.nio.ch=ALL-UNNAMED";
        assertEquals(1, out.split(Pattern.quote(hint), -1).length - 1, out);
        assertEquals("closed", onlyLine(JvmJob.output(TwoRankMesh.class, "--enable-native-access=ALL-UNNAMED",
                "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED")), "nothing said where arrays move in place");
        assertEquals("closed", onlyLine(JvmJob.output(TwoRankMesh.class, "-Djomp.msg.socket.heapIo=false")),
                "nothing said where the user turned it off");
    }

    @Test
    void beforeJava22NothingIsSaid() throws Exception {
        assumeTrue(FEATURE < 22);
        String out = JvmJob.output(TwoRankMesh.class);
        assertEquals("closed", out, "a rank JVM of Java " + FEATURE + " says nothing of in-place arrays");
    }

    private static String onlyLine(String out) {
        assertEquals(1, out.lines().count(), out);
        return out;
    }
}
