package org.jomp.translator.directive;

import java.util.List;

/** A clause of a directive, with the position of its name. */
public sealed interface Clause {

    String name();

    int line();

    int column();

    /** private, firstprivate, lastprivate, shared, copyin, copyprivate. */
    record VarList(String name, List<Var> vars, int line, int column) implements Clause {
    }

    /**
     * {@code reduction(op : vars)}; {@code op} is null for a user-defined reduction named {@code udr};
     * {@code opColumn} is where the operator stands.
     */
    record Reduction(ReductionOp op, String udr, List<Var> vars, int line, int column, int opColumn)
            implements Clause {
        public String name() {
            return "reduction";
        }

        public String opText() {
            return op != null ? op.symbol() : udr;
        }
    }

    /**
     * {@code schedule([modifier:]kind[, chunk])}; chunk may be null. {@code monotonic} when the modifier says so
     * (a dynamic schedule is otherwise nonmonotonic, as in OpenMP 5).
     */
    record Schedule(String kind, boolean monotonic, Expr chunk, int line, int column) implements Clause {
        public String name() {
            return "schedule";
        }
    }

    /** A clause with one expression: if, num_threads, final, grainsize, num_tasks, filter. */
    record Value(String name, Expr expr, int line, int column) implements Clause {
    }

    /** {@code collapse(n)}. */
    record Collapse(int depth, int line, int column) implements Clause {
        public String name() {
            return "collapse";
        }
    }

    /** {@code default(shared|none)}. */
    record Default(boolean none, int line, int column) implements Clause {
        public String name() {
            return "default";
        }
    }

    /** {@code depend(in|out|inout : items)}. */
    record Depend(String type, List<Expr> items, int line, int column) implements Clause {
        public String name() {
            return "depend";
        }
    }

    /**
     * The body of {@code declare reduction(name : type : combiner) [initializer(omp_priv = value)]}: a user-defined
     * reduction; the combiner folds {@code omp_in} into {@code omp_out}, the initializer gives each copy
     * {@code omp_priv} its start value (it may read the original as {@code omp_orig}).
     */
    record DeclaredReduction(String reduction, String type, Expr combiner, Expr initializer, int line, int column)
            implements Clause {
        public String name() {
            return "declare reduction";
        }
    }

    /** A clause without arguments (nowait, ordered, untied, mergeable, nogroup) or one accepted and ignored. */
    record Flag(String name, int line, int column) implements Clause {
    }

    /**
     * What an {@code //mpi} collective moves: {@code bcast(items)}, {@code reduce(op : items)} and
     * {@code allreduce(op : items)} (target null), or {@code scatter|gather|allgather|alltoall(items -> target)}
     * with one item. An item is a variable or a slice {@code name[from : to]}; {@code op} (or {@code udr}, the name
     * of a declared reduction) is null except for reductions.
     */
    record Transfer(String name, ReductionOp op, String udr, List<Expr> items, Expr target, int line, int column)
            implements Clause {

        /** The variable an item or target names (the array of a slice). */
        public static String variable(Expr item) {
            String t = item.text();
            int bracket = t.indexOf('[');
            return (bracket < 0 ? t : t.substring(0, bracket)).strip();
        }

        /** The variables the collective reads. */
        public List<String> read() {
            List<String> names = new java.util.ArrayList<>(items.stream().map(Transfer::variable).toList());
            if (target != null) {
                names.add(variable(target));
            }
            return names;
        }

        /**
         * The variables the collective may assign (an object received, a scalar combined); a slice is filled in
         * place, so its array variable is not assigned.
         */
        public List<String> assigned() {
            return (target != null ? List.of(target) : items).stream().filter(e -> !e.text().contains("["))
                    .map(Transfer::variable).toList();
        }
    }
}
