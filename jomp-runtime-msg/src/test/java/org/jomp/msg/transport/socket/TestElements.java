package org.jomp.msg.transport.socket;

import org.jomp.msg.transport.PayloadKind;

/** Values of every primitive type that differ by sender, message and position, for transport tests to check. */
public final class TestElements {
    private TestElements() {
    }

    /** Element {@code k} of message {@code i} from {@code from} (a rank, or a round), as a value of {@code kind}. */
    public static Object of(PayloadKind kind, int from, int i, int k) {
        long v = from * 1_000_003L + i * 7919L + k * 31L;
        return switch (kind) {
            case BYTE -> (byte) v;
            case SHORT -> (short) v;
            case CHAR -> (char) v;
            case INT -> (int) v;
            case LONG -> v * 0x9E3779B97F4A7C15L;
            case FLOAT -> (float) v / 3;
            case DOUBLE -> (double) v / 7;
            case BOOLEAN -> (v & 3) == 1;
            case OBJECT -> throw new IllegalArgumentException("primitive kinds only");
        };
    }
}
