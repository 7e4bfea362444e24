package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One file mapped twice in this JVM stands for two ranks' mappings: what one rank puts in its slot (or signs) the
 * other reads, each half apart; files that are not host memory, or too large, are refused naming why.
 */
class HostMemoryTest {
    private static final int SLOT = 4096;

    @TempDir
    Path dir;

    @Test
    void whatOneRankPutsTheOtherGetsInTheSameHalf() throws IOException {
        Path file = HostMemory.create(dir, 3, SLOT);
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(file));
        HostMemory rank0 = HostMemory.open(file, 3, 0, SLOT);
        HostMemory rank2 = HostMemory.open(file, 3, 2, SLOT);
        double[] data = new double[SLOT / 8];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 1.5;
        }
        rank0.nextHalf();
        rank2.nextHalf();
        rank2.put(2, 0, PayloadKind.DOUBLE, data, 0, data.length);
        rank2.sign(2, 0x1234_5678_9abcL);
        double[] got = new double[data.length + 2];
        rank0.get(2, 0, PayloadKind.DOUBLE, got, 1, data.length);
        assertEquals(0, got[0]);
        assertEquals(0, got[data.length + 1]);
        assertArrayEquals(data, java.util.Arrays.copyOfRange(got, 1, data.length + 1));
        assertEquals(0x1234_5678_9abcL, rank0.signed(2));

        // The other half holds none of it, and a put there leaves the first half as it was.
        rank0.nextHalf();
        rank2.nextHalf();
        assertEquals(0, rank0.signed(2));
        ByteBuffer bytes = ByteBuffer.allocateDirect(16);
        rank0.get(2, 8, PayloadKind.BYTE, bytes, 0, 16);
        assertEquals(0, bytes.getLong(0) | bytes.getLong(8));
        rank2.put(2, 0, PayloadKind.INT, new int[] {7, 8, 9}, 0, 3);
        rank0.nextHalf();
        rank0.get(2, 8, PayloadKind.DOUBLE, got, 0, 2);
        assertEquals(1.5, got[0]);
        assertEquals(3.0, got[1]);
    }

    @Test
    void aBroadcastsDataRunsOnAcrossTheSlotsOfAHalf() throws IOException {
        Path file = HostMemory.create(dir, 2, SLOT);
        HostMemory a = HostMemory.open(file, 2, 0, SLOT);
        HostMemory b = HostMemory.open(file, 2, 1, SLOT);
        byte[] whole = new byte[2 * SLOT];
        for (int i = 0; i < whole.length; i++) {
            whole[i] = (byte) (i * 7);
        }
        a.put(0, 0, PayloadKind.BYTE, whole, 0, whole.length);
        byte[] back = new byte[whole.length];
        b.get(0, 0, PayloadKind.BYTE, back, 0, back.length);
        assertArrayEquals(whole, back);
    }

    @Test
    void aFileOfAnotherSizeOrNameIsRefusedNamingIt() throws IOException {
        Path file = HostMemory.create(dir, 3, SLOT);
        IOException size = assertThrows(IOException.class, () -> HostMemory.open(file, 4, 0, SLOT));
        assertTrue(size.getMessage().contains(file + " is not a host memory file of "), size.getMessage());
        Path other = Files.createFile(dir.resolve("not-jomp"));
        IOException name = assertThrows(IOException.class, () -> HostMemory.open(other, 3, 0, SLOT));
        assertEquals(other + " is not a host memory file", name.getMessage());
    }

    @Test
    void slotsBeyondWhatOneMappingHoldsAreRefusedNamingTheProperty() {
        IOException e = assertThrows(IOException.class, () -> HostMemory.create(dir, 1100, 1 << 20));
        assertTrue(e.getMessage().contains("1100 slots of 1048576 bytes") && e.getMessage().contains(
                "-Djomp.msg.hostSlotBytes"), e.getMessage());
    }
}
