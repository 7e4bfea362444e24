package org.jomp.msg.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;

import org.jomp.msg.transport.MatchingEngine;
import org.junit.jupiter.api.Test;

/**
 * The small broadcast's ring, driven by one thread in turns (the root writes a batch, then the reader reads it) so
 * that every word of the group can be checked between them: messages of every length (2 to 15 words, and staged
 * ones of 2) begin at every offset near the ring's end over many laps, none may write outside the ring but for the
 * ranks' consumed lines, and the reader must get each message's data. (That a reader may wait at a word before its
 * message is written, which the zeroed next word guards, takes two threads: {@code SharedCollectivesRepeatTest}.)
 */
class FlagBroadcastRingTest {
    private static final int BATCHES = 600;
    private static final int PER_BATCH = 50;

    @Test
    void messagesStayInTheRingOverManyLapsAndReachTheReaderIntact() {
        SharedGroup g = new SharedGroup(new int[] {0, 1}, new int[] {0, 1}, new SharedMemoryFabric(2));
        SharedMember root = (SharedMember) g.member(0, new MatchingEngine());
        SharedMember reader = (SharedMember) g.member(1, new MatchingEngine());
        int ringStart = g.ring(0);
        int ringEnd = ringStart + g.bcastRingWords;
        Random random = new Random(42);
        long[] outside = snapshot(g);
        for (int batch = 0; batch < BATCHES; batch++) {
            List<Object> sent = new ArrayList<>();
            for (int i = 0; i < PER_BATCH; i++) {
                Object data = message(random);
                sent.add(data);
                FlagBroadcast.run(root, copy(data), 0, Array.getLength(data), 0);
            }
            for (Object data : sent) {
                Object got = Array.newInstance(data.getClass().getComponentType(), Array.getLength(data));
                FlagBroadcast.run(reader, got, 0, Array.getLength(got), 0);
                assertTrue(Objects.deepEquals(data, got), "batch " + batch + ": a " + data.getClass().getSimpleName()
                        + " of " + Array.getLength(data));
            }
            long[] now = snapshot(g);
            for (int w = 0; w < now.length; w++) {
                boolean consumed = w >= SharedGroup.consumed(0) && w <= SharedGroup.consumed(0) + 1
                        || w >= SharedGroup.consumed(1) && w <= SharedGroup.consumed(1) + 1;
                if ((w < ringStart || w >= ringEnd) && !consumed) {
                    assertEquals(outside[w], now[w], "word " + w + " outside the ring [" + ringStart + ", " + ringEnd
                            + ") after batch " + batch);
                }
            }
        }
        assertEquals(root.bcastPosition(), reader.bcastPosition(), "where the next message begins");
        assertEquals((long) BATCHES * PER_BATCH,
                g.lines.get(SharedGroup.consumed(1) + SharedGroup.CONSUMED_GENERATION));
    }

    /**
     * A message of random bytes, ints or longs: a third of them the longest that travels in the ring (104 bytes, 15
     * words with the header), most of the others any shorter length (so that the data's words round up), and one in
     * ten too long for the ring (staged: 2 words).
     */
    private static Object message(Random random) {
        int bytesPer = new int[] {1, 4, 8}[random.nextInt(3)];
        int inRing = FlagBroadcast.INLINE_BYTES / bytesPer;
        int pick = random.nextInt(30);
        int count = pick < 10 ? inRing : pick < 27 ? random.nextInt(inRing) : inRing + 1 + random.nextInt(inRing);
        Object data = switch (bytesPer) {
            case 1 -> new byte[count];
            case 4 -> new int[count];
            default -> new long[count];
        };
        for (int k = 0; k < count; k++) {
            Array.set(data, k, switch (bytesPer) {
                case 1 -> (byte) random.nextInt();
                case 4 -> random.nextInt();
                default -> random.nextLong();
            });
        }
        return data;
    }

    private static Object copy(Object data) {
        Object c = Array.newInstance(data.getClass().getComponentType(), Array.getLength(data));
        System.arraycopy(data, 0, c, 0, Array.getLength(data));
        return c;
    }

    private static long[] snapshot(SharedGroup g) {
        long[] words = new long[g.lines.length()];
        for (int w = 0; w < words.length; w++) {
            words[w] = g.lines.get(w);
        }
        return words;
    }
}
