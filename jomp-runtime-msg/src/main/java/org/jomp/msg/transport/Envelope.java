package org.jomp.msg.transport;

/**
 * What the matching engine matches on, plus what the receiver needs to size its copy.
 *
 * @param context the communicator context id (each communicator has one for point-to-point and one for collectives)
 * @param source  the sender's rank in that communicator
 * @param tag     the user's tag (non-negative) or an internal collective tag
 * @param kind    the element type of the payload
 * @param count   number of elements ({@link PayloadKind#OBJECT}: bytes of the serialised object)
 */
public record Envelope(int context, int source, int tag, PayloadKind kind, int count) {
}
