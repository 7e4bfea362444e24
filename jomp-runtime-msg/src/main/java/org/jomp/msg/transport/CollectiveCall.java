package org.jomp.msg.transport;

/**
 * The collective operations of a communicator, as {@link CollectiveTag} names them in the messages and shared
 * flags of a collective, so that a rank can tell which collective another rank is in.
 */
public enum CollectiveCall {
    BARRIER("barrier", false),
    BCAST("bcast", true),
    SCATTER("scatter", true),
    SCATTERV("scatterv", true),
    GATHER("gather", true),
    GATHERV("gatherv", true),
    ALLGATHER("allgather", false),
    ALLGATHERV("allgatherv", false),
    ALLTOALL("alltoall", false),
    ALLTOALLV("alltoallv", false),
    REDUCE("reduce", true),
    ALLREDUCE("allreduce", false),
    SCAN("scan", false),
    EXSCAN("exscan", false),
    REDUCE_SCATTER("reduceScatter", false),
    BCAST_OBJECT("bcastObject", true),
    GATHER_OBJECTS("gatherObjects", true),
    ALLGATHER_OBJECTS("allgatherObjects", false),
    SCATTER_OBJECTS("scatterObjects", true),
    ALLTOALL_OBJECTS("alltoallObjects", false),
    REDUCE_OBJECT("reduceObject", true),
    ALLREDUCE_OBJECT("allreduceObject", false),
    SCAN_OBJECT("scanObject", false),
    EXSCAN_OBJECT("exscanObject", false),
    SCATTER_DIVISIBLE("scatter", true),
    GATHER_DIVISIBLE("gather", true),
    SPLIT("split", false),
    DUP("dup/split", false),
    /** The barrier every {@link CollectiveTag#EPOCH} collectives that keeps the numbers from aliasing. */
    EPOCH("barrier every " + CollectiveTag.EPOCH + " collectives", false);

    private static final CollectiveCall[] ALL = values();

    private final String label;
    private final boolean rooted;

    CollectiveCall(String label, boolean rooted) {
        this.label = label;
        this.rooted = rooted;
    }

    /** The API method, as error messages name it. */
    public String label() {
        return label;
    }

    /** Whether the call has a root, which every rank must name alike. */
    public boolean rooted() {
        return rooted;
    }

    /**
     * The call and its root as a sentence names them: "bcast with root 2", "gather of a Divisible with root 0";
     * {@code root} is the tag's root field, {@link CollectiveTag#ROOTS_NAMED} for any root from there on.
     */
    String describe(int root) {
        String what = this == SCATTER_DIVISIBLE || this == GATHER_DIVISIBLE ? label + " of a Divisible" : label;
        if (!rooted) {
            return what;
        }
        return what + (root < CollectiveTag.ROOTS_NAMED ? " with root " + root
                : " with a root of " + CollectiveTag.ROOTS_NAMED + " or more");
    }

    static CollectiveCall of(int id) {
        return id < ALL.length ? ALL[id] : null;
    }
}
