package org.jomp.msg;

/**
 * What a receive or probe found.
 *
 * @param source the sender's rank in the communicator
 * @param tag    the message's tag
 * @param count  number of elements; for an object message, the size of its serialised form in bytes
 */
public record Status(int source, int tag, int count) {
}
