package org.jomp.msg.transport;

/**
 * The element type of a message. Primitive slices travel as their own element type, never serialised; an
 * {@link #OBJECT} message carries the bytes of a serialised object (its count is a byte count).
 */
public enum PayloadKind {
    BOOLEAN(boolean[].class, 1),
    BYTE(byte[].class, 1),
    CHAR(char[].class, 2),
    SHORT(short[].class, 2),
    INT(int[].class, 4),
    LONG(long[].class, 8),
    FLOAT(float[].class, 4),
    DOUBLE(double[].class, 8),
    OBJECT(byte[].class, 1);

    private final Class<?> arrayType;
    private final int bytesPerElement;

    PayloadKind(Class<?> arrayType, int bytesPerElement) {
        this.arrayType = arrayType;
        this.bytesPerElement = bytesPerElement;
    }

    /** The Java array type that holds elements of this kind ({@code byte[]} for serialised objects). */
    public Class<?> arrayType() {
        return arrayType;
    }

    /**
     * A new array of {@link #arrayType} with {@code count} elements. Not {@code Array.newInstance}: C1, the compiler
     * of crowded rank JVMs, calls into the VM for it, which cost more than the copy of an 8-byte message.
     */
    public Object newArray(int count) {
        return switch (this) {
            case BOOLEAN -> new boolean[count];
            case BYTE, OBJECT -> new byte[count];
            case CHAR -> new char[count];
            case SHORT -> new short[count];
            case INT -> new int[count];
            case LONG -> new long[count];
            case FLOAT -> new float[count];
            case DOUBLE -> new double[count];
        };
    }

    /** Size of one element on the wire. */
    public int bytesPerElement() {
        return bytesPerElement;
    }

    /** The kind of a primitive array, or {@code null} when {@code array} is not a primitive array. */
    public static PayloadKind ofArray(Object array) {
        if (array instanceof double[]) return DOUBLE;
        if (array instanceof int[]) return INT;
        if (array instanceof long[]) return LONG;
        if (array instanceof byte[]) return BYTE;
        if (array instanceof float[]) return FLOAT;
        if (array instanceof char[]) return CHAR;
        if (array instanceof short[]) return SHORT;
        if (array instanceof boolean[]) return BOOLEAN;
        return null;
    }

    /**
     * The kind of a message slice: a primitive array's, or {@link #BYTE} for a {@link java.nio.ByteBuffer}
     * (heap or direct); {@code null} for anything else.
     */
    public static PayloadKind ofSlice(Object slice) {
        return slice instanceof java.nio.ByteBuffer ? BYTE : ofArray(slice);
    }
}
