package org.jomp.it.inc;

/** No directives: copied on the first build, then up to date while its bytes stay the same. */
public final class Plain {
    private Plain() {
    }

    public static int one() {
        return 1;
    }
}
