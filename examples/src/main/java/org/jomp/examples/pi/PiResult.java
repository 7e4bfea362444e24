package org.jomp.examples.pi;

/** The count of points inside the quarter circle out of all points thrown. */
public record PiResult(long hits, long samples) {

    public double estimate() {
        return 4.0 * hits / samples;
    }
}
