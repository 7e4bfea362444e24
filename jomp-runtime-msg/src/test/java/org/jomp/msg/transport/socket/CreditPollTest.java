package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jomp.msg.transport.Completion;
import org.jomp.msg.transport.Envelope;
import org.jomp.msg.transport.PayloadKind;
import org.jomp.msg.transport.ReceiveSlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A sender short of push credit reads what has come itself ({@link Connection#writeLarge}). When that read brings
 * the clear-to-send of a message it announced, it starts writing that message's data; the rest must still go,
 * though the sending thread then does not wait (it computes, or its waits leave the reading and writing to other
 * threads). Two ranks as threads of this JVM with 8 KiB socket buffers, so that a 1 MiB message is far from written
 * when the socket first fills.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CreditPollTest {
    private static final int WINDOW = 12 * 1024;
    private static final int BIG = 1 << 20;

    private static byte[] message(int tag, int bytes) {
        byte[] m = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            m[i] = (byte) (tag * 31 + i * 7);
        }
        return m;
    }

    private static Completion send(SocketTransport from, int tag, int bytes) {
        Completion sent = new Completion();
        from.send(1, new Envelope(0, 0, tag, PayloadKind.BYTE, bytes), message(tag, bytes), 0, sent);
        return sent;
    }

    @Test
    void theDataOfAMessageClearedInTheCreditPollIsWrittenWholeWhileItsSenderDoesNotWait() throws Exception {
        SocketTransport[] t = TwoRanks.connect("credit-poll-test", new FrameLimits(1000, 4096, 1 << 24, WINDOW), 8192);
        Connection toOne = t[0].connectionTo(1);
        try {
            // A push takes the whole credit; rank 1 does not receive it, so none comes back.
            assertTrue(send(t[0], 0, WINDOW).isDone(), "a push is written before its send returns");
            assertEquals(0, toOne.pushCredit());
            send(t[0], 1, BIG);
            // Rank 0's readers keep out, as while another thread of the rank waits and reads for it.
            t[0].polling().begin();
            while (t[1].engine().probe(0, 0, 1) == null) {
                Thread.onSpinWait();
            }
            byte[] into = new byte[BIG];
            ReceiveSlot big = new ReceiveSlot("recv", 1, 0, 0, 0, 1, into, 0, BIG);
            // Matches the announcement, and writes the clear-to-send before it returns.
            t[1].engine().post(big);
            Thread.sleep(100);
            assertTrue(toOne.rendezvousPending(), "rank 0's readers left the clear-to-send unread");
            // Short of credit: the send reads the clear-to-send itself and starts on the 1 MiB.
            send(t[0], 2, WINDOW);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!big.isDone() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(big.isDone(), "rank 1 received the 1 MiB message while its sender went on without waiting");
            assertArrayEquals(message(1, BIG), into);
        } finally {
            t[0].polling().end(false, -1);
            for (int tag = 0; tag <= 2; tag += 2) {
                byte[] rest = new byte[WINDOW];
                t[1].engine().post(new ReceiveSlot("recv", 1, 0, 0, 0, tag, rest, 0, WINDOW));
            }
            TwoRanks.close(t);
        }
    }
}
