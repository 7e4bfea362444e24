package org.jomp.msg.transport.socket;

/** Calls {@link ContendedLockClasses#load} between two marker lines (for {@link ContendedLockClassesTest}). */
public final class ContendedLockClassesApp {
    private ContendedLockClassesApp() {
    }

    public static void main(String[] args) {
        System.out.println("before load");
        System.out.flush();
        if (args.length == 0) {
            ContendedLockClasses.load();
        }
        System.out.println("after load");
        System.out.flush();
    }
}
