package org.jomp.msg.transport.socket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import org.jomp.msg.CommException;
import org.jomp.msg.transport.ObjectCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ObjectAllowListTest {
    record Allowed(int x) implements Serializable {
    }

    record Forbidden(List<Integer> payload) implements Serializable {
    }

    @AfterEach
    void removeFilter() {
        ObjectCodec.setFilter(null);
    }

    @Test
    void patternsMatchClassesPackagesAndSubpackages() {
        ObjectAllowList a = ObjectAllowList.of(List.of("com.example.Matrix", "org.app.*", "net.lib.**"));
        assertTrue(a.allows("java.lang.Integer"));
        assertTrue(a.allows("java.util.ArrayList"));
        assertFalse(a.allows("java.rmi.server.UnicastRef"));
        assertTrue(a.allows("com.example.Matrix"));
        assertFalse(a.allows("com.example.Other"));
        assertTrue(a.allows("org.app.Part$Inner"));
        assertFalse(a.allows("org.app.sub.Part"));
        assertTrue(a.allows("net.lib.deep.er.Thing"));
        assertTrue(a.allows("net.lib.Thing"));
        assertFalse(a.allows("net.library.Thing"));
    }

    @Test
    void aMalformedPatternIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ObjectAllowList.of(List.of("com..x")));
        assertTrue(e.getMessage().contains("'com..x'"), e.getMessage());
    }

    @Test
    void decodingChecksEveryClassOfTheObjectGraph() {
        ObjectCodec.setFilter(ObjectAllowList.of(List.of(Allowed.class.getName())));
        List<Object> ok = new ArrayList<>(List.of(new Allowed(3), new int[] {1, 2}, "s", new Allowed[] {}));
        byte[] bytes = ObjectCodec.encode(ok, "test", 0);
        assertEquals(ok.get(0), ((List<?>) ObjectCodec.decode(bytes, getClass().getClassLoader(), "recv", 1)).get(0));

        byte[] bad = ObjectCodec.encode(new ArrayList<>(List.of(new Forbidden(List.of(1)))), "test", 0);
        CommException e = assertThrows(CommException.class,
                () -> ObjectCodec.decode(bad, getClass().getClassLoader(), "recvObject", 1));
        assertTrue(e.getMessage().contains("recvObject on rank 1") && e.getMessage().contains(
                "class " + Forbidden.class.getName() + " is not allowed"), e.getMessage());
    }
}
