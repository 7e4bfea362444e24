package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.jomp.msg.CommException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ring both ends of a connection map ({@link MappedRing}), driven by hand as the sending and the receiving
 * connection drive it: pieces come out as they went in, in order, across the ring's end; a full ring takes no more
 * until the receiver frees room, and is waited for while the receiver copies pieces out; and a receiver refuses what
 * the sender did not make or put in.
 */
class MappedRingTest {
    private static final String WHERE = "from rank 1 over a Unix socket";

    private static void fill(ByteBuffer piece, int seed) {
        for (int i = 0; i < piece.remaining(); i++) {
            piece.put(i, (byte) (seed * 31 + i));
        }
    }

    private static void check(ByteBuffer piece, int seed) {
        for (int i = 0; i < piece.remaining(); i++) {
            if (piece.get(i) != (byte) (seed * 31 + i)) {
                throw new AssertionError("piece " + seed + ": byte " + i + " is " + piece.get(i));
            }
        }
    }

    @Test
    void piecesComeOutAsTheyWentInAcrossTheEndOfTheRingAndTheFileIsPrivateAndGoneOnceMapped(@TempDir Path dir)
            throws Exception {
        MappedRing out = MappedRing.create(dir, "r0-to-r1");
        Path file = Path.of(out.name());
        assertEquals(dir, file.getParent());
        assertTrue(file.getFileName().toString().startsWith(MappedRing.PREFIX + "r0-to-r1-"), out.name());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        MappedRing in = MappedRing.open(out.name(), WHERE);
        assertFalse(Files.exists(file), "the receiver deletes the file once it has mapped it");

        // Sizes that do not divide the ring: pieces land across its end and must start again at its beginning.
        int[] sizes = {MappedRing.PIECE, 100_000, 8, MappedRing.PIECE - 8, 77_777};
        long sent = 0;
        for (int k = 0; k < 60; k++) {
            int n = sizes[k % sizes.length];
            ByteBuffer piece = out.reserve(n);
            assertNotNull(piece, "piece " + k + " finds room: the receiver has taken every piece before it");
            assertEquals(n, piece.remaining());
            fill(piece, k);
            out.publish();
            sent += n;
            ByteBuffer got = in.take(n, WHERE);
            assertEquals(n, got.remaining());
            check(got, k);
            in.release();
        }
        assertEquals(sent, out.carried());
    }

    @Test
    void aFullRingTakesNoMoreUntilTheReceiverHasCopiedAPieceOut(@TempDir Path dir) throws Exception {
        MappedRing out = MappedRing.create(dir, "r0-to-r1");
        MappedRing in = MappedRing.open(out.name(), WHERE);
        int pieces = MappedRing.CAPACITY / MappedRing.PIECE;
        for (int k = 0; k < pieces; k++) {
            fill(out.reserve(MappedRing.PIECE), k);
            out.publish();
        }
        assertNull(out.reserve(8), "a full ring has no room for 8 bytes");
        ByteBuffer first = in.take(MappedRing.PIECE, WHERE);
        check(first, 0);
        assertNull(out.reserve(8), "the piece being copied out is not free yet");
        in.release();
        ByteBuffer again = out.reserve(MappedRing.PIECE);
        assertNotNull(again, "the piece copied out is free");
        fill(again, pieces);
        out.publish();
        for (int k = 1; k <= pieces; k++) {
            check(in.take(MappedRing.PIECE, WHERE), k);
            in.release();
        }
    }

    @Test
    void aSenderWaitsForAFullRingWhileItsReceiverCopiesPiecesOutAndNoLongerThanThePatienceOnceItStops(
            @TempDir Path dir) throws Exception {
        MappedRing out = MappedRing.create(dir, "r0-to-r1");
        MappedRing in = MappedRing.open(out.name(), WHERE);
        for (int k = 0; k < MappedRing.CAPACITY / MappedRing.PIECE; k++) {
            fill(out.reserve(MappedRing.PIECE), k);
            out.publish();
        }
        assertNull(out.reserve(8));
        long patience = 2_000_000;
        long now = 5_000_000_000L;
        assertTrue(out.receiverDrains(patience, now), "the ring was just found full");
        assertTrue(out.receiverDrains(patience, now + patience - 1), "nothing copied out, but within the patience");
        assertFalse(out.receiverDrains(patience, now + patience), "nothing copied out for the whole patience");

        in.take(MappedRing.PIECE, WHERE);
        in.release();
        fill(out.reserve(MappedRing.PIECE), 8);
        out.publish();
        assertNull(out.reserve(8), "full again");
        long later = now + 10 * patience;
        assertTrue(out.receiverDrains(patience, later), "a piece copied out starts the patience again");
        assertFalse(out.receiverDrains(patience, later + patience));
        assertFalse(out.receiverDrains(0, later + patience), "no patience: never waits");
    }

    @Test
    void aReceiverRefusesAPieceTheSenderHasNotPutIn(@TempDir Path dir) throws Exception {
        MappedRing out = MappedRing.create(dir, "r0-to-r1");
        MappedRing in = MappedRing.open(out.name(), WHERE);
        fill(out.reserve(4096), 1);
        out.publish();
        CommException e = assertThrows(CommException.class, () -> in.take(8192, WHERE));
        assertEquals("invalid frame " + WHERE + ": MAPPED piece of 8192 bytes at 0 of its ring, where the sender"
                + " has put 4096 bytes", e.getMessage());
        check(in.take(4096, WHERE), 1);
    }

    @Test
    void aReceiverMapsOnlyARingFileOfTheRightSize(@TempDir Path dir) throws Exception {
        Path stranger = Files.writeString(dir.resolve("passwords"), "secret");
        CommException e = assertThrows(CommException.class, () -> MappedRing.open(stranger.toString(), WHERE));
        assertEquals("invalid frame " + WHERE + ": RING names " + stranger + ", not a ring file", e.getMessage());
        assertEquals("secret", Files.readString(stranger));

        Path small = Files.writeString(dir.resolve(MappedRing.PREFIX + "small"), "too small");
        e = assertThrows(CommException.class, () -> MappedRing.open(small.toString(), WHERE));
        assertTrue(e.getMessage().startsWith("invalid frame " + WHERE + ": RING names " + small
                + ", not a ring file of "), e.getMessage());

        e = assertThrows(CommException.class, () -> MappedRing.open(MappedRing.PREFIX + "relative", WHERE));
        assertTrue(e.getMessage().contains("not a ring file"), e.getMessage());

        Path missing = dir.resolve(MappedRing.PREFIX + "gone");
        e = assertThrows(CommException.class, () -> MappedRing.open(missing.toString(), WHERE));
        assertTrue(e.getMessage().startsWith("cannot map the ring file " + missing + " named " + WHERE),
                e.getMessage());
    }
}
