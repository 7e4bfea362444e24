package org.jomp.msg.transport.socket;

/** Prints why {@link HeapArrayIo} is off in this JVM, or "in place" (for {@link HeapArrayIoTest}). */
public final class HeapArrayIoReason {
    private HeapArrayIoReason() {
    }

    public static void main(String[] args) {
        String why = HeapArrayIo.unavailableReason();
        System.out.println(why == null ? "in place" : why);
    }
}
