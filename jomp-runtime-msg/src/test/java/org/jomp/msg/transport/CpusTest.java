package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class CpusTest {
    @Test
    void cpuListsParseAsLinuxWritesThem() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), Cpus.parse("0-3,8,10-11"));
        assertEquals(List.of(5), Cpus.parse("\t5\n"));
        assertEquals(List.of(), Cpus.parse(""));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Cpus.parse("3-1"))
                .getMessage().contains("bad CPU range 3-1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Cpus.parse("0,x"))
                .getMessage().contains("bad CPU list 0,x"));
    }

    @Test
    void thisProcessMayRunOnSomeOfTheMachinesCpusAndIsBoundOnlyIfNotAll() {
        List<Integer> cpus = Cpus.allowed();
        assertTrue(!cpus.isEmpty(), cpus.toString());
        assertEquals(cpus.size(), cpus.stream().distinct().count());
        assertTrue(Cpus.online() >= cpus.size(), Cpus.online() + " online, allowed " + cpus);
        assertTrue(Cpus.online() >= Runtime.getRuntime().availableProcessors());
    }
}
