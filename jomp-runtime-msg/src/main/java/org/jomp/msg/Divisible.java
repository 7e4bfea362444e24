package org.jomp.msg;

import java.io.Serializable;

/**
 * A structure that can be cut into one part per rank and put back together, for scatter and gather of things that
 * are not arrays: a sparse matrix by rows, a list by ranges (CCJ's DividableDataObjectInterface, seed 000 section
 * 2.2). Only the parts travel; the whole never needs to be serializable.
 *
 * @param <P> the type of a part
 */
public interface Divisible<P extends Serializable> {

    /** The part for rank {@code index} when the structure is divided among {@code parts} ranks. */
    P part(int index, int parts);

    /** Stores the part of rank {@code index} of {@code parts}, as received from that rank. */
    void setPart(int index, int parts, P part);
}
