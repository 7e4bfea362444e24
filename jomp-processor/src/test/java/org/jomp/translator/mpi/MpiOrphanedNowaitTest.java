package org.jomp.translator.mpi;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * What {@code nowait} means on an orphaned collective (in a method called by every thread of a region): thread 0 of
 * each rank's team makes it, and the other threads go on at once with their own values of the locals it assigns;
 * without nowait they wait and receive thread 0's values. Run on 1 to 4 thread ranks with teams of 1 and 2 threads;
 * the expected values follow from that rule (a thread other than 0 keeps its own value, which the root rank set
 * itself).
 */
class MpiOrphanedNowaitTest {

    private static final String SOURCE = """
            import java.util.Arrays;

            public class Late {
                static int late(int value) {
                    //mpi on(mpi_size - 1)
                    value = 5;
                    //mpi bcast(value) root(mpi_size - 1) nowait
                    return value;
                }

                static int waited(int value) {
                    //mpi on(mpi_size - 1)
                    value = 5;
                    //mpi bcast(value) root(mpi_size - 1)
                    return value;
                }

                public static void main(String[] args) {
                    int threads = Integer.parseInt(args[0]);
                    int[] late = new int[threads];
                    int[] waited = new int[threads];
                    //omp parallel num_threads(threads)
                    {
                        late[org.jomp.runtime.Omp.threadNum()] = late(1);
                        waited[org.jomp.runtime.Omp.threadNum()] = waited(1);
                    }
                    //mpi master
                    System.out.println(Arrays.toString(late) + " " + Arrays.toString(waited));
                }
            }
            """;

    @Test
    void otherThreadsKeepTheirValuesOnlyWithNowait() {
        MpiPrograms.Compiled translated = MpiPrograms.compile("Late", MpiPrograms.translate("Late", SOURCE).output());
        for (int threads = 1; threads <= 2; threads++) {
            for (int np = 1; np <= 4; np++) {
                int[] late = new int[threads];
                Arrays.fill(late, np == 1 ? 5 : 1);
                late[0] = 5;
                int[] waited = new int[threads];
                Arrays.fill(waited, 5);
                MpiPrograms.assertSameOutput(Arrays.toString(late) + " " + Arrays.toString(waited) + "\n",
                        MpiPrograms.runRanks(translated, np, Integer.toString(threads)),
                        "Late on " + np + " rank(s) x " + threads + " thread(s)");
            }
        }
    }
}
