package org.jomp.translator.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.stmt.YieldStmt;
import org.jomp.translator.TranslationException;

import java.util.List;

/**
 * OpenMP constructs are structured blocks: no return, break or continue may leave them (and Java runs a region as a
 * lambda, where they could not mean the same anyway). Finds the first jump that leaves a statement.
 */
public final class Branches {

    private Branches() {
    }

    /**
     * Fails at the first return, break or continue in {@code block} that leaves it, ignoring nested lambdas and
     * classes. When {@code loop} is true, {@code block} is a work-sharing loop: continue may go to its next
     * iteration, but break may not end it.
     */
    public static void checkStructured(Statement block, String construct, boolean loop) {
        check(block, construct, loop ? List.of(block) : List.of());
    }

    /**
     * As {@link #checkStructured} for a work-sharing loop whose iterations are divided as one space: {@code nest}
     * holds the loop and, under collapse(n), the loops collapsed into it, outer first. No break may end any of them
     * (the translation runs them as one loop over the iterations); continue may go to the next iteration of the
     * innermost only, since continuing an outer loop of the nest would have to skip the rest of its inner loops.
     */
    public static void checkLoopNest(Statement block, String construct, List<? extends Statement> nest) {
        check(block, construct, nest);
    }

    private static void check(Statement block, String construct, List<? extends Statement> nest) {
        for (Node n : block.findAll(Node.class)) {
            if (insideFunction(n, block)) {
                continue;
            }
            if (n instanceof YieldStmt && !within(enclosingSwitchExpression(n), block)) {
                throw at(n, "'yield' may not leave the '" + construct + "' construct");
            }
            if (n instanceof ReturnStmt) {
                throw at(n, "'return' may not leave the '" + construct + "' construct");
            }
            if (n instanceof BreakStmt b) {
                Node target = b.getLabel().isPresent() ? labeled(b, b.getLabel().get().asString(), block)
                        : breakTarget(b, block);
                if (nest.contains(target)) {
                    throw at(n, "'break' may not end a work-sharing loop");
                }
                if (target == null) {
                    throw at(n, "'break' may not leave the '" + construct + "' construct");
                }
            }
            if (n instanceof ContinueStmt c) {
                Node target = c.getLabel().isPresent() ? labeled(c, c.getLabel().get().asString(), block)
                        : continueTarget(c, block);
                if (target != null && nest.indexOf(target) >= 0 && target != nest.get(nest.size() - 1)) {
                    throw at(n, "'continue' may not go to an outer loop of a collapsed nest: the collapsed loops"
                            + " run as one loop over their iterations");
                }
                if (target == null || target == block && nest.isEmpty()) {
                    throw at(n, "'continue' may not leave the '" + construct + "' construct");
                }
            }
        }
    }

    private static boolean insideFunction(Node n, Node stop) {
        if (n == stop) {
            return false;
        }
        for (Node p = n.getParentNode().orElse(null); p != null && p != stop; p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                    || p instanceof TypeDeclaration<?>) {
                return true;
            }
        }
        return false;
    }

    private static Node enclosingSwitchExpression(Node n) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof SwitchExpr) {
                return p;
            }
        }
        return null;
    }

    /** Whether a switch expression lies between {@code n} and {@code stop}: no break can cross it. */
    public static boolean insideSwitchExpression(Node n, Node stop) {
        for (Node p = n; p != null && p != stop; p = p.getParentNode().orElse(null)) {
            if (p instanceof SwitchExpr) {
                return true;
            }
        }
        return false;
    }

    private static Node breakTarget(Node n, Node block) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (isLoop(p) || p instanceof SwitchStmt) {
                return within(p, block) ? p : null;
            }
            if (p instanceof SwitchExpr) {
                return null;
            }
        }
        return null;
    }

    private static Node continueTarget(Node n, Node block) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (isLoop(p)) {
                return within(p, block) ? p : null;
            }
        }
        return null;
    }

    private static Node labeled(Node n, String label, Node block) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof LabeledStmt l && l.getLabel().asString().equals(label)) {
                Node target = l.getStatement();
                return within(l, block) ? target : null;
            }
        }
        return null;
    }

    private static boolean within(Node n, Node block) {
        if (n == null) {
            return false;
        }
        for (Node p = n; p != null; p = p.getParentNode().orElse(null)) {
            if (p == block) {
                return true;
            }
        }
        return false;
    }

    private static boolean isLoop(Node n) {
        return n instanceof ForStmt || n instanceof ForEachStmt || n instanceof WhileStmt || n instanceof DoStmt;
    }

    private static TranslationException at(Node n, String message) {
        var begin = n.getBegin().orElseThrow();
        return new TranslationException(begin.line, begin.column, message);
    }
}
