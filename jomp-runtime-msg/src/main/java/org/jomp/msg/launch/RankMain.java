package org.jomp.msg.launch;

import org.jomp.msg.Comm;

/** The body each rank of an embedded job runs, given its world. */
@FunctionalInterface
public interface RankMain {
    void run(Comm world) throws Exception;
}
