package org.jomp.examples.epcc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;

import org.jomp.examples.epcc.method.Sample;
import org.junit.jupiter.api.Test;

class CsvReportTest {

    @Test
    void quotesCellsWithCommasAndQuotes() {
        assertEquals("plain", CsvReport.quote("plain"));
        assertEquals("\"a,b\"", CsvReport.quote("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", CsvReport.quote("say \"hi\""));
    }

    @Test
    void writesOneRowPerMeasurementWithOverheadsAndFailures() throws IOException {
        Sample times = Sample.of(new double[] {1.5, 1.25, 2.0});
        Sample reference = Sample.of(new double[] {0.25, 0.25, 0.25});
        Measurement ok = new Measurement("syncbench", "PARALLEL", 2, "jomp-api", "jomp-api", false, 64, times,
                reference, 1.0, null);
        Measurement failed = Measurement.failed("syncbench", "ORDERED", 2, "x", "x, spinning", true, "wrong order");
        StringWriter out = new StringWriter();
        CsvReport.write(out, List.of(ok, failed), PeerReference.none());
        String[] lines = out.toString().split("\n");
        assertEquals(3, lines.length);
        assertEquals(CsvReport.HEADER, lines[0]);
        // median 1.5 minus reference median 0.25
        assertTrue(lines[1].startsWith("syncbench,PARALLEL,2,jomp-api,jomp-api,false,64,3,1.2500,"), lines[1]);
        assertTrue(lines[2].startsWith("syncbench,ORDERED,2,x,\"x, spinning\",true,"), lines[2]);
        assertTrue(lines[2].endsWith(",wrong order"), lines[2]);
    }

    @Test
    void runsOfTheSameTestArePooledAndFailuresKept() {
        Sample reference = Sample.of(new double[] {0.5});
        Measurement first = new Measurement("syncbench", "BARRIER", 2, "jomp-api", "jomp-api", false, 64,
                Sample.of(new double[] {1, 2}), reference, 1.0, null);
        Measurement second = new Measurement("syncbench", "BARRIER", 2, "jomp-api", "jomp-api", false, 128,
                Sample.of(new double[] {3}), reference, 0.5, null);
        Measurement other = new Measurement("syncbench", "BARRIER", 4, "jomp-api", "jomp-api", false, 64,
                Sample.of(new double[] {9}), reference, 1.0, null);
        Measurement broken = Measurement.failed("syncbench", "ORDERED", 2, "x", "x", true, "wrong order");
        Measurement fine = new Measurement("syncbench", "ORDERED", 2, "x", "x", true, 8, reference, reference,
                1.0, null);
        List<Measurement> pooled = Measurement.pool(List.of(first, other, second, broken, fine));
        assertEquals(3, pooled.size());
        Measurement barrier = pooled.get(0);
        assertEquals(List.of(1.0, 2.0, 3.0), java.util.Arrays.stream(barrier.times().values()).boxed().toList());
        assertEquals(128, barrier.innerReps());
        assertEquals(0.5, barrier.fullTeamShare());
        assertEquals(1.5, barrier.overheadMedian(), 1e-12);
        assertEquals("wrong order", pooled.get(2).failure());
    }

    @Test
    void ratiosAreLeftOutWhenAnOverheadIsWithinNoiseOfZero() {
        assertEquals("2.00", ResultTable.ratio(1.0, 0.5));
        assertEquals("-", ResultTable.ratio(1.0, 0.0));
        assertEquals("-", ResultTable.ratio(-0.02, 0.5));
    }
}
