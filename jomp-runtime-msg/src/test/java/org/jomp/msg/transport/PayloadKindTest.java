package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Array;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PayloadKindTest {
    @ParameterizedTest
    @EnumSource(PayloadKind.class)
    void aNewArrayIsOfTheKindsArrayTypeAndLengthAndItsKindIsFoundAgain(PayloadKind kind) {
        Object a = kind.newArray(5);
        assertSame(kind.arrayType(), a.getClass());
        assertEquals(5, Array.getLength(a));
        assertSame(kind == PayloadKind.OBJECT ? PayloadKind.BYTE : kind, PayloadKind.ofArray(a));
    }
}
