package org.jomp.msg.transport.socket;

import java.io.ObjectInputFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes an object message may contain, checked while it is deserialised (an {@link ObjectInputFilter}), so
 * that bytes from the network cannot instantiate arbitrary classes of the class path (deserialisation gadgets).
 *
 * <p>Allowed: primitives and arrays of them; the JDK value and collection types ({@code java.lang.*},
 * {@code java.util.*}, {@code java.util.concurrent.*}, {@code java.time.*}, {@code java.math.*}); arrays of allowed
 * classes; and the patterns configured with {@code -Djomp.msg.serialAllow} or {@code JOMP_SERIAL_ALLOW}
 * (comma-separated: {@code com.example.Matrix} a class, {@code com.example.*} a package, {@code com.example.**} a
 * package and its subpackages). Anything else is rejected with an error naming the class and the setting.
 */
public final class ObjectAllowList implements ObjectInputFilter {
    private static final List<String> JDK = List.of("java.lang.*", "java.util.*", "java.util.concurrent.*",
            "java.util.concurrent.atomic.*", "java.time.*", "java.math.*");

    private final List<String> patterns;

    private ObjectAllowList(List<String> patterns) {
        this.patterns = List.copyOf(patterns);
    }

    /** The JDK types plus {@code extra} patterns. */
    public static ObjectAllowList of(List<String> extra) {
        List<String> all = new ArrayList<>(JDK);
        for (String p : extra) {
            String t = p.trim();
            if (t.isEmpty()) {
                continue;
            }
            if (t.startsWith(".") || t.contains("..") || t.contains("/") || t.contains(" ")) {
                throw new IllegalArgumentException("object allow-list: pattern '" + t + "' is not a class name,"
                        + " package.* or package.**");
            }
            all.add(t);
        }
        return new ObjectAllowList(all);
    }

    /** The JDK types plus the patterns of {@code -Djomp.msg.serialAllow} and {@code JOMP_SERIAL_ALLOW}. */
    public static ObjectAllowList fromConfiguration() {
        List<String> extra = new ArrayList<>();
        for (String source : new String[] {System.getProperty("jomp.msg.serialAllow"),
                System.getenv("JOMP_SERIAL_ALLOW")}) {
            if (source != null) {
                extra.addAll(List.of(source.split(",")));
            }
        }
        return of(extra);
    }

    /** True when objects of class {@code name} may be deserialised. */
    public boolean allows(String name) {
        String pkg = name.lastIndexOf('.') < 0 ? "" : name.substring(0, name.lastIndexOf('.'));
        for (String p : patterns) {
            if (p.endsWith(".**")) {
                String root = p.substring(0, p.length() - 3);
                if (pkg.equals(root) || pkg.startsWith(root + ".")) {
                    return true;
                }
            } else if (p.endsWith(".*")) {
                if (pkg.equals(p.substring(0, p.length() - 2))) {
                    return true;
                }
            } else if (name.equals(p)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        Class<?> c = info.serialClass();
        if (c == null) {
            return Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || allows(c.getName())) {
            return Status.ALLOWED;
        }
        // Thrown rather than returned so that the error names the class (the stream reports it as the cause).
        throw new SecurityException("class " + c.getName() + " is not allowed in object messages (allowed: JDK"
                + " types and -Djomp.msg.serialAllow / JOMP_SERIAL_ALLOW patterns " + patterns.subList(JDK.size(),
                patterns.size()) + ")");
    }
}
