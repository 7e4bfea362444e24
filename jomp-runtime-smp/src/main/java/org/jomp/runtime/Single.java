package org.jomp.runtime;

/**
 * The single construct, without allocation (libgomp's {@code GOMP_single_start}): every thread counts the
 * singles it meets; the team counts the singles claimed. A thread whose count equals the team's wins by CAS and
 * runs the block; any thread that arrives later finds the team's count already past its own and skips.
 */
final class Single {

    private Single() {
    }

    static boolean begin(ThreadState self) {
        Team team = self.team;
        if (team.nthreads == 1) {
            return true;
        }
        return self.inSingle = team.claimSingle(self.singleCount++);
    }

    static void end(ThreadState self, boolean nowait) {
        self.inSingle = false;
        if (!nowait) {
            self.team.barrier.await(self);
        }
    }
}
