package org.jomp.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The depend clauses of one task's children (OpenMP 5.2, section 15.9.5): for every key, the last child that
 * wrote it (out/inout) and the children that read it (in) since. A new reader waits for the last writer; a new
 * writer waits for the last writer and for every reader since, then becomes the last writer. Keys are compared
 * with {@code equals}, so a translator may pass the variable's value, an array, or any object that names the
 * storage. Only the thread running the parent task creates its children, so the map needs no lock; the edges
 * themselves are made under the predecessor's lock (see {@link Task#dependOn}).
 */
final class Dependences {

    /** Readers lists are pruned of finished tasks when they reach this size, so long read phases stay small. */
    private static final int PRUNE_AT = 32;

    private final Map<Object, Entry> keys = new HashMap<>();

    private static final class Entry {
        Task writer;
        final List<Task> readers = new ArrayList<>();
    }

    /** Adds the edges from earlier siblings to {@code t}, for its depend(in: ...) and depend(out/inout: ...). */
    void register(Task t, Object[] in, Object[] out) {
        if (in != null) {
            for (Object key : in) {
                Entry e = keys.computeIfAbsent(key, k -> new Entry());
                if (e.writer != null) {
                    t.dependOn(e.writer);
                }
                if (e.readers.size() >= PRUNE_AT) {
                    e.readers.removeIf(Task::isFinished);
                }
                e.readers.add(t);
            }
        }
        if (out != null) {
            for (Object key : out) {
                Entry e = keys.computeIfAbsent(key, k -> new Entry());
                if (e.writer != null && e.writer != t) {
                    t.dependOn(e.writer);
                }
                for (Task r : e.readers) {
                    if (r != t) {
                        t.dependOn(r);
                    }
                }
                e.readers.clear();
                e.writer = t;
            }
        }
    }

    /** Forgets every key; called when all the children have finished. */
    void clear() {
        keys.clear();
    }
}
