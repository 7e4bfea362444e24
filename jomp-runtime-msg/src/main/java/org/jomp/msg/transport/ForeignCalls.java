package org.jomp.msg.transport;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Optional;

/**
 * The C library's functions as method handles, through the Foreign Function API of Java 22 and later, reached by
 * name from code built for Java 17 (for {@link NativeCopy} and the socket transport's {@code HeapArrayIo}). Every
 * method throws {@link ReflectiveOperationException} where the API is missing: the callers say so and copy as before.
 * It also tells the array types a memory segment views ({@link #arrayType}), which both pass by address.
 */
public final class ForeignCalls {
    /** The array types a memory segment views: every primitive array type but {@code boolean[]}, which none does. */
    private static final Class<?>[] ARRAY_TYPES = {
        byte[].class, char[].class, short[].class, int[].class, long[].class, float[].class, double[].class};
    private static final int[] ELEMENT_BYTES = {1, 2, 2, 4, 8, 4, 8};

    private ForeignCalls() {
    }

    /** How many array types {@link #arrayType} tells apart. */
    public static int arrayTypes() {
        return ARRAY_TYPES.length;
    }

    /** The array class of type {@code i} ({@code 0 <= i < arrayTypes()}). */
    public static Class<?> arrayClass(int i) {
        return ARRAY_TYPES[i];
    }

    /** The bytes of an element of array type {@code i}. */
    public static int elementBytes(int i) {
        return ELEMENT_BYTES[i];
    }

    /** The type of {@code array} among {@link #arrayClass}'s, or -1 if it is none of them. */
    public static int arrayType(Object array) {
        Class<?> c = array.getClass();
        for (int i = 0; i < ARRAY_TYPES.length; i++) {
            if (ARRAY_TYPES[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** {@code java.lang.foreign.MemorySegment}. */
    public static Class<?> segment() throws ReflectiveOperationException {
        return Class.forName("java.lang.foreign.MemorySegment");
    }

    /** A constant of {@code ValueLayout} by name: {@code JAVA_INT}, {@code JAVA_LONG}, {@code ADDRESS}. */
    public static Object layout(String name) throws ReflectiveOperationException {
        return Class.forName("java.lang.foreign.ValueLayout").getField(name).get(null);
    }

    /** {@code Linker.Option.critical(true)}: the function may be given heap memory, and the collector waits. */
    public static Object critical() throws ReflectiveOperationException {
        return option().getMethod("critical", boolean.class).invoke(null, true);
    }

    /** {@code Linker.Option.captureCallState(names)}. */
    public static Object captureCallState(String... names) throws ReflectiveOperationException {
        return option().getMethod("captureCallState", String[].class).invoke(null, (Object) names);
    }

    /**
     * The C library's {@code function} returning {@code result} and taking {@code args} (layouts from
     * {@link #layout}), linked with {@code options}; its segment parameters and result are
     * {@code MemorySegment}s.
     */
    public static MethodHandle downcall(String function, Object result, Object[] args, Object... options)
            throws ReflectiveOperationException {
        Class<?> linkerC = Class.forName("java.lang.foreign.Linker");
        Class<?> layout = Class.forName("java.lang.foreign.MemoryLayout");
        Class<?> descriptor = Class.forName("java.lang.foreign.FunctionDescriptor");
        Object linker = linkerC.getMethod("nativeLinker").invoke(null);
        Object lookup = linkerC.getMethod("defaultLookup").invoke(linker);
        Object layouts = Array.newInstance(layout, args.length);
        for (int i = 0; i < args.length; i++) {
            Array.set(layouts, i, args[i]);
        }
        Object signature = descriptor.getMethod("of", layout, layouts.getClass()).invoke(null, result, layouts);
        Object linkOptions = Array.newInstance(option(), options.length);
        for (int i = 0; i < options.length; i++) {
            Array.set(linkOptions, i, options[i]);
        }
        Object symbol = ((Optional<?>) Class.forName("java.lang.foreign.SymbolLookup").getMethod("find",
                String.class).invoke(lookup, function))
                .orElseThrow(() -> new IllegalStateException("no " + function + " in the C library"));
        return (MethodHandle) linkerC.getMethod("downcallHandle", segment(), descriptor, linkOptions.getClass())
                .invoke(linker, symbol, signature, linkOptions);
    }

    /** Whether {@code code}'s module may call native functions without a warning (Java 22 and later). */
    public static boolean nativeAccessEnabled(Class<?> code) throws ReflectiveOperationException {
        return (boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(code.getModule());
    }

    /** What a method handle threw, as an unchecked exception to throw (errors are thrown from here). */
    public static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    private static Class<?> option() throws ClassNotFoundException {
        return Class.forName("java.lang.foreign.Linker$Option");
    }
}
