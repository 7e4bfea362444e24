package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AnswersTest {
    record Pair(int[] counts, double[][] grid) {
    }

    @Test
    void comparesArraysAndRecordsByContent() {
        assertNull(Answers.mismatch(new double[][] {{1, 2}, {3}}, new double[][] {{1, 2}, {3}}));
        assertNull(Answers.mismatch(new Pair(new int[] {1}, new double[][] {{2}}),
                new Pair(new int[] {1}, new double[][] {{2}})));
        assertNull(Answers.mismatch(7L, 7L));
    }

    @Test
    void namesTheRecordComponentThatDiffers() {
        String why = Answers.mismatch(new Pair(new int[] {1}, new double[][] {{2}}),
                new Pair(new int[] {1}, new double[][] {{2.5}}));
        assertTrue(why.startsWith("grid: "), why);
        assertEquals("expected null, got int[2]", Answers.mismatch(null, new int[2]));
    }
}
