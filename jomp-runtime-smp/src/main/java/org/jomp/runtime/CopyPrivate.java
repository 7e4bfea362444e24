package org.jomp.runtime;

/**
 * copyprivate: the thread that ran the single publishes its values, one barrier, everyone reads them. Two slots
 * used alternately make a second barrier unnecessary: slot p is written again only two broadcasts later, after
 * every thread has passed the barrier of the broadcast in between, and so has read it.
 */
final class CopyPrivate {

    private CopyPrivate() {
    }

    static Object[] broadcast(ThreadState self, Object[] mine) {
        Team team = self.team;
        if (team.nthreads == 1) {
            return mine;
        }
        self.inSingle = false;
        int p = self.copyCount++ & 1;
        if (mine != null) {
            team.copy[p] = mine;
        }
        team.barrier.await(self);
        return team.copy[p];
    }
}
