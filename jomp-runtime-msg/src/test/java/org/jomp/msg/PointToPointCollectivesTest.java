package org.jomp.msg;

/** The collective conformance suite with every collective over point-to-point messages, as on sockets. */
class PointToPointCollectivesTest extends CollectivesConformance {
    @Override
    boolean sharedCollectives() {
        return false;
    }
}
