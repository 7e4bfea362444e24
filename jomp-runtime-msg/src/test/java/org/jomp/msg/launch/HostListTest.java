package org.jomp.msg.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class HostListTest {

    @Test
    void plainNamesStayAsTheyAre() {
        assertEquals(List.of("gpu5"), HostList.expand("gpu5"));
        assertEquals(List.of("a", "b.example.org"), HostList.expand("a,b.example.org"));
    }

    @Test
    void rangesKeepTheirZeroPadding() {
        assertEquals(List.of("node01", "node02", "node03", "node07", "gpu5"), HostList.expand("node[01-03,07],gpu5"));
        assertEquals(List.of("n9", "n10", "n11"), HostList.expand("n[9-11]"));
        assertEquals(List.of("c008", "c009", "c010"), HostList.expand("c[008-010]"));
    }

    @Test
    void severalBracketsMakeACrossProduct() {
        assertEquals(List.of("rack1-n1", "rack1-n2", "rack2-n1", "rack2-n2"), HostList.expand("rack[1-2]-n[1-2]"));
        assertEquals(List.of("x1.ib", "x3.ib", "y"), HostList.expand("x[1,3].ib,y"));
    }

    @Test
    void syntaxErrorsNameTheListAndColumn() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostList.expand("node[01-03"))
                .getMessage().contains("'[' not closed"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostList.expand("node[3-1]"))
                .getMessage().contains("runs backwards"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostList.expand("node[a-b]"))
                .getMessage().contains("bad range 'a-b'"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostList.expand("a,,b"));
        assertTrue(e.getMessage().contains("\"a,,b\"") && e.getMessage().contains("column 3"), e.getMessage());
    }
}
