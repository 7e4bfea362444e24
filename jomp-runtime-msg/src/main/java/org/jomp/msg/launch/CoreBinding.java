package org.jomp.msg.launch;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds each rank JVM that jomprun starts on this machine to cores of its own ({@code --bind-to core}), as
 * {@code mpirun} binds its processes: a JVM of K ranks of T threads each gets K x T of the cores jomprun may use,
 * through {@code taskset -c}. Unbound, the guest kernel of the development machine now and then placed the two rank
 * JVMs of a ping-pong on one vCPU, and a run kept that placement. In 4 runs of 8 one-byte socket ping-pong samples
 * each, unbound, one run read 36-45 µs throughout and two others had samples of 136 and 227 µs; bound, every sample
 * read 8-15 µs (docs/running-spmd.md).
 */
final class CoreBinding {
    private CoreBinding() {
    }

    /**
     * The cores of each of {@code jvms} JVMs needing {@code coresPerJvm} each, as {@code taskset -c} lists, taken in
     * order from {@code cpus}; empty when they do not fit (binding then would put JVMs on shared cores).
     */
    static List<String> plan(int jvms, int coresPerJvm, List<Integer> cpus) {
        if ((long) jvms * coresPerJvm > cpus.size()) {
            return List.of();
        }
        List<String> lists = new ArrayList<>();
        for (int j = 0; j < jvms; j++) {
            StringBuilder s = new StringBuilder();
            for (int c = j * coresPerJvm; c < (j + 1) * coresPerJvm; c++) {
                s.append(s.length() == 0 ? "" : ",").append(cpus.get(c));
            }
            lists.add(s.toString());
        }
        return lists;
    }

    /** The {@code taskset} program on the PATH, or {@code null}. */
    static String taskset(String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            File f = new File(dir.isEmpty() ? "." : dir, "taskset");
            if (f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }
}
