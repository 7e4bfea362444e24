package golden; import org.jomp.runtime.Omp; import org.jomp.runtime.Sections;

/** sections (with and without the first section line), parallel sections, single, copyprivate, master, masked. */
public class SectionsSingle {
    static void run() {
        int which = 0;
        { int[] which$shared = {which}; //omp parallel
        Omp.parallel(() -> { {
            //omp sections lastprivate(which) nowait
            { int which$ = 0; Sections sections$ = Omp.sections(2); for (int section$; (section$ = sections$.next()) >= 0; ) switch (section$) {
                case 0: { which$ = 1; } break;
                //omp section
                case 1: { {
                    which$ = 2;
                } } break;
            } if (sections$.last()) { which$shared[0] = which$; } sections$.end(true); }
            //omp single nowait
            if (Omp.singleBegin()) { System.out.println("once"); } Omp.singleEnd(true);
            int seed;
            //omp single copyprivate(seed)
            { Object[] copyprivate$ = null; if (Omp.singleBegin()) { {
                seed = 42;
            } copyprivate$ = new Object[] {seed}; } Omp.singleEnd(true); copyprivate$ = Omp.copyPrivate(copyprivate$); seed = (int) copyprivate$[0]; }
            //omp master
            if (Omp.masterBegin(0)) { try { System.out.println("master " + seed); } finally { Omp.masterEnd(); } }
            //omp masked filter(1)
            if (Omp.masterBegin((1))) { try { {
                System.out.println("thread one");
            } } finally { Omp.masterEnd(); } }
        } }); which = which$shared[0]; }
        //omp parallel sections
        Omp.parallel(() -> { { Sections sections$2 = Omp.sections(2); for (int section$2; (section$2 = sections$2.next()) >= 0; ) switch (section$2) {
            //omp section
            case 0: { System.out.println("a"); } break;
            //omp section
            case 1: { System.out.println("b"); } break;
        } sections$2.end(true); } });
        System.out.println(which);
    }
}
