package tpx;

import tpx.work.Work;

/** Prints what the files do with counter, small and hits: no reference here, so this file is copied. */
public class Main {
    public static void main(String[] args) {
        Plain.start(5);
        System.out.println("state " + Plain.state());
        System.out.println("run " + Work.run(1000));
        System.out.println("visits " + Work.visits(1000));
        System.out.println("shadowed " + Work.shadowed(41));
    }
}
