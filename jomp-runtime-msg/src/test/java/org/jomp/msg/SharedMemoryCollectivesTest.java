package org.jomp.msg;

/** The collective conformance suite with the shared-memory transport's own collectives. */
class SharedMemoryCollectivesTest extends CollectivesConformance {
    @Override
    boolean sharedCollectives() {
        return true;
    }
}
