package org.jomp.msg.launch;

import java.util.Map;

/**
 * Which world ranks a JVM of a hybrid job holds. The engine that started the JVMs (jomprun, Slurm, mpirun, Hydra;
 * see {@link JobEnvironment}) numbers the JVMs, {@code p} of {@code P}; {@code JOMP_RANKS_PER_JVM=K} (or
 * {@code -Djomp.ranksPerJvm=K}) makes each of them hold K ranks as threads: JVM p holds world ranks {@code p*K} to
 * {@code p*K+K-1}. The world has {@code P*K} ranks unless {@code JOMP_WORLD_SIZE=N} says fewer, in which case the
 * last JVM holds the rest ({@code N} must lie in {@code ((P-1)*K, P*K]}).
 *
 * @param first     the first world rank of this JVM
 * @param count     how many ranks this JVM holds
 * @param worldSize ranks in the world
 * @param perJvm    K, the ranks of every JVM but perhaps the last
 */
public record HybridLayout(int first, int count, int worldSize, int perJvm) {

    /**
     * The layout of this JVM, or {@code null} when it is not part of a hybrid job (no K above 1).
     *
     * @param jvm         this JVM's place among the job's JVMs
     * @param env         the environment, for {@code JOMP_RANKS_PER_JVM} and {@code JOMP_WORLD_SIZE}
     * @param ranksPerJvm {@code -Djomp.ranksPerJvm}, or {@code null}
     * @throws IllegalArgumentException naming the variable whose value does not fit the job
     */
    public static HybridLayout of(JobEnvironment jvm, Map<String, String> env, String ranksPerJvm) {
        String source = "-Djomp.ranksPerJvm";
        String k = ranksPerJvm;
        if (k == null) {
            source = "JOMP_RANKS_PER_JVM";
            k = env.get("JOMP_RANKS_PER_JVM");
        }
        if (k == null || k.isBlank()) {
            return null;
        }
        int perJvm = positive(source, k);
        if (perJvm == 1 && !env.containsKey("JOMP_WORLD_SIZE")) {
            return null;
        }
        if (jvm == null) {
            throw new IllegalArgumentException(source + "=" + k + ": this JVM is not one of several JVMs of a job"
                    + " (no jomprun, Slurm, Open MPI or Hydra rank variables): use -Djomp.np=" + perJvm
                    + " for ranks as threads of one JVM");
        }
        long full = (long) jvm.size() * perJvm;
        int world = (int) Math.min(full, Integer.MAX_VALUE);
        String n = env.get("JOMP_WORLD_SIZE");
        if (n != null) {
            world = positive("JOMP_WORLD_SIZE", n);
            if (world > full || world <= full - perJvm) {
                throw new IllegalArgumentException("JOMP_WORLD_SIZE=" + n + " does not fit " + jvm.size()
                        + " JVMs of " + source + "=" + perJvm + " ranks: expected more than " + (full - perJvm)
                        + " and at most " + full);
            }
        }
        int first = jvm.rank() * perJvm;
        return new HybridLayout(first, Math.min(perJvm, world - first), world, perJvm);
    }

    private static int positive(String name, String v) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with the variable's name
        }
        throw new IllegalArgumentException(name + "=" + v + " is not a positive number");
    }
}
