package org.jomp.it.multi.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class NormsTest {

    @Test
    void rowNormsMatchTheSequentialOnes() {
        double[][] rows = new double[5][1000];
        double[] expected = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            for (int i = 0; i < rows[r].length; i++) {
                rows[r][i] = (r + 1) * 0.5;
                expected[r] += rows[r][i] * rows[r][i];
            }
        }
        assertArrayEquals(expected, Norms.squaredRowNorms(rows), 1e-9);
    }
}
