import java.util.ArrayList;
import java.util.List;
import org.jomp.runtime.Omp;

/**
 * schedule(static, n) loops of every shape, each printing what its iterations computed: the values it ran (as a
 * count and two checksums), lastprivate results, and whether each iteration ran on the thread OpenMP's round robin
 * gives it, chunk k / n on thread k % threads (true when run sequentially: one thread).
 */
public class StaticChunkLoops {

    /** Folds a loop value into a checksum that depends on the set of values, not their order. */
    static long mix(long v) {
        long x = v * 0x9E3779B97F4A7C15L;
        return x ^ (x >>> 29);
    }

    static void print(String what, long count, long sum, long mixed) {
        System.out.println(what + ": " + count + " iterations, sum " + sum + ", mix " + mixed);
    }

    public static void main(String[] args) {
        int n = 1001;
        int[] chunks = {1, 2, 3, 7, 64, 5000};
        for (int c : chunks) {
            intLoops(n, c);
            longLoops(c);
            roundRobin(n, c);
            lastprivate(n, c);
            collapse(c);
            forEach(c);
        }
        orphaned();
        System.out.println("outside a region: " + orphanedLoop(10, 3));
        ordered();
        exception();
    }

    static void intLoops(int n, int c) {
        long count = 0, sum = 0, mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = 0; i < n; i++) {
            count++; sum += i; mixed += mix(i);
        }
        print("up by 1, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = -17; i <= n; i += 3) {
            count++; sum += i; mixed += mix(i);
        }
        print("up by 3 to n inclusive, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = n; i > -5; i--) {
            count++; sum += i; mixed += mix(i);
        }
        print("down by 1, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        int step = 4;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = n; i >= 0; i -= step) {
            count++; sum += i; mixed += mix(i);
        }
        print("down by a variable 4 inclusive, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = 0; i != n; i++) {
            count++; sum += i; mixed += mix(i);
        }
        print("up to != n, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = 5; i < 5; i++) {
            count++; sum += i; mixed += mix(i);
        }
        print("empty, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = Integer.MAX_VALUE - 3 * 250; i < Integer.MAX_VALUE; i += 3) {
            count++; sum += i; mixed += mix(i);
        }
        print("up to Integer.MAX_VALUE, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = Integer.MIN_VALUE + 700; i >= Integer.MIN_VALUE + 7; i -= 7) {
            count++; sum += i; mixed += mix(i);
        }
        print("down to Integer.MIN_VALUE, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (int i = Integer.MIN_VALUE; i < Integer.MAX_VALUE - (1 << 22); i += 1 << 22) {
            count++; sum += i; mixed += mix(i);
        }
        print("across the whole int range, chunk " + c, count, sum, mixed);
    }

    static void longLoops(int c) {
        long count = 0, sum = 0, mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (long i = Long.MAX_VALUE - 9 * 300; i < Long.MAX_VALUE; i += 9) {
            count++; sum += i; mixed += mix(i);
        }
        print("long up to Long.MAX_VALUE, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (long i = Long.MIN_VALUE + 500; i > Long.MIN_VALUE; i--) {
            count++; sum += i; mixed += mix(i);
        }
        print("long down to Long.MIN_VALUE, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (long i = -(1L << 50); i < (1L << 50); i += 1L << 41) {
            count++; sum += i; mixed += mix(i);
        }
        print("long across 2^51 by 2^41, chunk " + c, count, sum, mixed);
        count = 0; sum = 0; mixed = 0;
        //omp parallel for schedule(static, c) reduction(+:count, sum, mixed)
        for (long i = Long.MIN_VALUE; i < Long.MAX_VALUE - (1L << 54); i += 1L << 54) {
            count++; sum += i; mixed += mix(i);
        }
        print("long across the whole long range, chunk " + c, count, sum, mixed);
    }

    static void roundRobin(int n, int c) {
        int[] owner = new int[n];
        int[] team = new int[1];
        //omp parallel for schedule(static, c)
        for (int i = 0; i < n; i++) {
            owner[i] = Omp.threadNum();
            team[0] = Omp.numThreads();
        }
        boolean up = true;
        for (int i = 0; i < n; i++) {
            up &= owner[i] == (i / c) % team[0];
        }
        int[] downOwner = new int[n];
        //omp parallel for schedule(static, c)
        for (int i = n - 1; i >= 0; i -= 2) {
            downOwner[i] = Omp.threadNum();
        }
        boolean down = true;
        for (int i = n - 1, k = 0; i >= 0; i -= 2, k++) {
            down &= downOwner[i] == (k / c) % team[0];
        }
        System.out.println("round robin, chunk " + c + ": " + up + ", down by 2: " + down);
    }

    static void lastprivate(int n, int c) {
        int j = -1;
        long square = -1;
        //omp parallel for schedule(static, c) lastprivate(j, square)
        for (j = 3; j < n; j += 5) {
            square = (long) j * j;
        }
        long down = -1;
        //omp parallel for schedule(static, c) lastprivate(down)
        for (long k = 2 * n; k >= -n; k -= 3) {
            down = k;
        }
        int edge = 0;
        //omp parallel for schedule(static, c) lastprivate(edge)
        for (int i = Integer.MAX_VALUE - 100; i <= Integer.MAX_VALUE - 1; i++) {
            edge = i;
        }
        System.out.println("lastprivate, chunk " + c + ": j " + j + ", square " + square + ", down " + down
                + ", edge " + edge);
    }

    static void collapse(int c) {
        long count = 0, mixed = 0;
        int last = -1;
        //omp parallel for schedule(static, c) collapse(2) reduction(+:count, mixed) lastprivate(last)
        for (int a = 0; a < 23; a++) {
            for (int b = 40; b > 3; b -= 3) {
                count++; mixed += mix(a * 1000L + b); last = a * 1000 + b;
            }
        }
        long deep = 0;
        //omp parallel for schedule(static, c) collapse(3) reduction(+:deep)
        for (int a = 0; a < 5; a++) {
            for (long b = 0; b < 7; b++) {
                for (int d = 0; d < 9; d += 2) {
                    deep += mix(a * 10000L + b * 100L + d);
                }
            }
        }
        System.out.println("collapse, chunk " + c + ": " + count + " iterations, mix " + mixed + ", last " + last
                + ", three deep " + deep);
    }

    static void forEach(int c) {
        int[] values = new int[333];
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 7 % 101;
            list.add(i * 3);
        }
        long arraySum = 0, listSum = 0;
        //omp parallel for schedule(static, c) reduction(+:arraySum)
        for (int v : values) {
            arraySum += mix(v);
        }
        //omp parallel for schedule(static, c) reduction(+:listSum)
        for (Integer v : list) {
            listSum += mix(v);
        }
        System.out.println("for-each, chunk " + c + ": array " + arraySum + ", list " + listSum);
    }

    static void orphaned() {
        long total = 0;
        //omp parallel reduction(+:total)
        {
            total += orphanedLoop(500, 4);
        }
        System.out.println("orphaned: " + total);
    }

    /** An orphaned loop: the calling thread's share of the team's iterations (all of them outside a region). */
    static long orphanedLoop(int n, int c) {
        long[] mine = new long[1];
        //omp for schedule(static, c)
        for (int i = 0; i < n; i++) {
            mine[0] += i;
        }
        return mine[0];
    }

    static void ordered() {
        StringBuilder order = new StringBuilder();
        //omp parallel for schedule(static, 2) ordered
        for (int i = 0; i < 20; i++) {
            //omp ordered
            {
                order.append(i).append(' ');
            }
        }
        System.out.println("ordered: " + order);
    }

    static void exception() {
        try {
            //omp parallel for schedule(static, 3)
            for (int i = 0; i < 100; i++) {
                if (i == 77) {
                    throw new IllegalStateException("iteration " + i);
                }
            }
            System.out.println("no exception");
        } catch (IllegalStateException e) {
            System.out.println("exception: " + e.getMessage());
        }
    }
}
