package org.jomp.msg.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import org.jomp.msg.Comm;

/**
 * Gives one thread rank its own copy of the application's classes, so that static fields are per rank as they
 * would be in separate JVMs (the approach of MPJ Express's multicore device, seed 004). Child-first: an
 * application class is defined here from the bytes the parent loader would load it from; the JDK, the JOMP
 * runtimes (whose state must be shared for ranks to meet) and packages named in {@code -Djomp.msg.shared}
 * (comma-separated prefixes) come from the parent, shared by all ranks.
 */
public final class RankClassLoader extends ClassLoader {
    private static final List<String> SHARED = sharedPrefixes();

    static {
        registerAsParallelCapable();
    }

    private volatile Comm world;

    public RankClassLoader(int rank, ClassLoader parent) {
        super("jomp-rank-" + rank, parent);
    }

    /** The world of the rank that owns this loader. */
    public Comm world() {
        return world;
    }

    void setWorld(Comm world) {
        this.world = world;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (isShared(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                URL url = getParent().getResource(name.replace('.', '/') + ".class");
                if (url == null) {
                    return super.loadClass(name, resolve);
                }
                byte[] bytes = read(url);
                c = defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    static boolean isShared(String name) {
        for (String prefix : SHARED) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] read(URL url) {
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read class file " + url, e);
        }
    }

    private static List<String> sharedPrefixes() {
        List<String> p = new ArrayList<>(List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "org.jomp.msg.",
                "org.jomp.runtime.", "jomp.runtime.", "org.junit.", "org.opentest4j.", "org.apiguardian."));
        String extra = System.getProperty("jomp.msg.shared", "");
        for (String s : extra.split(",")) {
            if (!s.isBlank()) {
                p.add(s.trim());
            }
        }
        return List.copyOf(p);
    }
}
