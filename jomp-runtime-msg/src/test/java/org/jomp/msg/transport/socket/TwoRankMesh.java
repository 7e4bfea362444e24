package org.jomp.msg.transport.socket;

/** Connects two ranks of a socket job in this JVM and closes them: what a rank JVM prints as it starts. */
public final class TwoRankMesh {
    private TwoRankMesh() {
    }

    public static void main(String[] args) {
        TwoRanks.close(TwoRanks.connect("two-rank-mesh-main", FrameLimits.fromSystemProperties(2)));
        System.out.println("closed");
    }
}
