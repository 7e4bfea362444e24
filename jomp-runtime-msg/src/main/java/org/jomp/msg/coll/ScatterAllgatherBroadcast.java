package org.jomp.msg.coll;

/**
 * Broadcast of large messages as a binomial scatter followed by a ring allgather (Barnett et al., "Interprocessor
 * collective communication library (InterCom)", 1994; van de Geijn; MPICH's scatter_ring_allgather): the message is
 * cut into n blocks, the root scatters them down a binomial tree, then every rank passes blocks round a ring. Each
 * rank moves about 2 (n-1)/n of the message instead of log2 n whole copies. Works in place in the user's buffer.
 */
public final class ScatterAllgatherBroadcast {
    private static final int TAG = 3;

    private ScatterAllgatherBroadcast() {
    }

    public static void run(PointToPoint p, Object buf, int off, int count, int root) {
        int n = p.size();
        int v = (p.rank() - root + n) % n;
        int block = (count + n - 1) / n;
        int mask = 1;
        while (mask < n) {
            if ((v & mask) != 0) {
                int lo = start(v, block, count);
                int hi = start(Math.min(v + mask, n), block, count);
                p.recv(buf, off + lo, hi - lo, (v - mask + root) % n, TAG);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < n) {
                int lo = start(v + mask, block, count);
                int hi = start(Math.min(v + 2 * mask, n), block, count);
                p.send(buf, off + lo, hi - lo, (v + mask + root) % n, TAG);
            }
        }
        int right = (p.rank() + 1) % n;
        int left = (p.rank() - 1 + n) % n;
        for (int i = 0; i < n - 1; i++) {
            int sb = (v - i + n) % n;
            int rb = (v - i - 1 + n) % n;
            int slo = start(sb, block, count);
            int rlo = start(rb, block, count);
            p.sendrecv(buf, off + slo, start(sb + 1, block, count) - slo, right,
                    buf, off + rlo, start(rb + 1, block, count) - rlo, left, TAG);
        }
    }

    private static int start(int b, int block, int count) {
        return (int) Math.min((long) b * block, count);
    }
}
