package org.jomp.it.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** No directives: its method's return type is what the translator must find for Totals. */
public final class Groups {

    private Groups() {
    }

    public static Map<String, List<Integer>> of(int n) {
        Map<String, List<Integer>> groups = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            groups.computeIfAbsent("g" + i % 4, k -> new ArrayList<>()).add(i);
        }
        return groups;
    }
}
