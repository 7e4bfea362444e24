package org.jomp.translator.analysis;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.TranslationException;

import java.util.function.Function;

/**
 * A loop in OpenMP's canonical form: {@code for (init; var relop bound; incr)} where init sets an int or long index,
 * relop is one of {@code < <= > >= !=}, and incr adds a loop-invariant step ({@code i++}, {@code i -= s},
 * {@code i = i + s}, ...). With {@code !=} the step must be 1 or -1 (OpenMP 5.2, section 4.4.1).
 *
 * @param loop             the for statement
 * @param index            the index variable
 * @param type             its type, int or long
 * @param declaredInHeader whether the header declares it
 * @param lower            the initial value
 * @param bound            the bound of the test
 * @param increasing       the direction of the step
 * @param inclusive        whether the test includes the bound ({@code <=}, {@code >=})
 * @param step             the step expression, or null for a literal step
 * @param negateStep       whether the step expression is subtracted ({@code i -= s})
 * @param literalStep      the step when it is a literal, else 0
 */
public record CanonicalLoop(ForStmt loop, String index, String type, boolean declaredInHeader, Expression lower,
                            Expression bound, boolean increasing, boolean inclusive, Expression step,
                            boolean negateStep, long literalStep) {

    /**
     * Recognises a canonical loop or fails with a positioned error.
     *
     * @param outerType the type of a local declared outside the loop, or null when it is not one
     */
    public static CanonicalLoop of(ForStmt f, Function<String, String> outerType) {
        if (f.getInitialization().size() != 1) {
            throw error(f, "the loop needs exactly one initialisation of its index");
        }
        Expression init = f.getInitialization().get(0);
        String index;
        String type;
        boolean declared;
        Expression lower;
        if (init instanceof VariableDeclarationExpr d && d.getVariables().size() == 1
                && d.getVariables().get(0).getInitializer().isPresent()) {
            var v = d.getVariables().get(0);
            index = v.getNameAsString();
            type = v.getType().asString();
            lower = v.getInitializer().get();
            declared = true;
            if (type.equals("var")) {
                type = lower instanceof LongLiteralExpr ? "long" : lower instanceof IntegerLiteralExpr ? "int" : "var";
            }
        } else if (init instanceof AssignExpr a && a.getOperator() == AssignExpr.Operator.ASSIGN
                && a.getTarget() instanceof NameExpr n) {
            index = n.getNameAsString();
            type = outerType.apply(index);
            if (type == null) {
                throw error(n, "loop index '" + index + "' must be a local variable");
            }
            lower = a.getValue();
            declared = false;
        } else {
            throw error(init, "the loop must initialise one index variable (e.g. int i = 0)");
        }
        if (!type.equals("int") && !type.equals("long")) {
            throw error(init, "loop index '" + index + "' must be int or long, not " + type);
        }
        if (f.getCompare().isEmpty() || !(f.getCompare().get() instanceof BinaryExpr test)) {
            throw error(f, "the loop needs a test of its index such as " + index + " < n");
        }
        boolean indexLeft = isName(test.getLeft(), index);
        boolean indexRight = isName(test.getRight(), index);
        if (indexLeft == indexRight) {
            throw error(test, "the loop test must compare the index '" + index + "' with a bound");
        }
        Expression bound = indexLeft ? test.getRight() : test.getLeft();
        String op = switch (test.getOperator()) {
            case LESS -> indexLeft ? "<" : ">";
            case LESS_EQUALS -> indexLeft ? "<=" : ">=";
            case GREATER -> indexLeft ? ">" : "<";
            case GREATER_EQUALS -> indexLeft ? ">=" : "<=";
            case NOT_EQUALS -> "!=";
            default -> throw error(test, "the loop test must use <, <=, >, >= or !=, not "
                    + test.getOperator().asString());
        };
        if (mentions(bound, index)) {
            throw error(bound, "the loop bound may not depend on the index '" + index + "'");
        }
        if (f.getUpdate().size() != 1) {
            throw error(f, "the loop needs exactly one increment of its index");
        }
        Expression update = f.getUpdate().get(0);
        Expression step = null;
        boolean negate = false;
        long literal = 0;
        if (update instanceof UnaryExpr u && isName(u.getExpression(), index) && Scopes.isIncDec(u)) {
            literal = switch (u.getOperator()) {
                case PREFIX_INCREMENT, POSTFIX_INCREMENT -> 1;
                default -> -1;
            };
        } else if (update instanceof AssignExpr a && isName(a.getTarget(), index)
                && (a.getOperator() == AssignExpr.Operator.PLUS || a.getOperator() == AssignExpr.Operator.MINUS)) {
            step = a.getValue();
            negate = a.getOperator() == AssignExpr.Operator.MINUS;
        } else if (update instanceof AssignExpr a && isName(a.getTarget(), index)
                && a.getOperator() == AssignExpr.Operator.ASSIGN && a.getValue() instanceof BinaryExpr b
                && (b.getOperator() == BinaryExpr.Operator.PLUS && (isName(b.getLeft(), index)
                        || isName(b.getRight(), index))
                    || b.getOperator() == BinaryExpr.Operator.MINUS && isName(b.getLeft(), index))) {
            step = isName(b.getLeft(), index) ? b.getRight() : b.getLeft();
            negate = b.getOperator() == BinaryExpr.Operator.MINUS;
        } else {
            throw error(update, "the loop must step its index by a loop-invariant amount (i++, i--, i += s, i -= s)");
        }
        if (step != null) {
            if (mentions(step, index)) {
                throw error(step, "the loop step may not depend on the index '" + index + "'");
            }
            Long value = literalValue(step);
            if (value != null) {
                literal = negate ? -value : value;
                step = null;
                negate = false;
                if (literal == 0) {
                    throw error(update, "the loop step is zero");
                }
            }
        }
        boolean increasing;
        if (op.equals("!=")) {
            if (literal != 1 && literal != -1) {
                throw error(test, "a loop tested with != must step by 1 or -1");
            }
            increasing = literal > 0;
        } else {
            increasing = op.startsWith("<");
            if (literal != 0 && (literal > 0) != increasing) {
                throw error(update, "the loop steps its index away from the bound of its test");
            }
        }
        checkIndexNotAssigned(f.getBody(), index);
        return new CanonicalLoop(f, index, type, declared, lower, bound, increasing,
                op.length() == 2 && !op.equals("!="), step, negate, literal);
    }

    /** The loop directly inside {@code f} (its body or the only statement of its block body, labels aside), or null. */
    public static Statement innerLoop(ForStmt f) {
        Statement body = f.getBody();
        if (body instanceof BlockStmt b && b.getStatements().size() == 1) {
            body = unlabeled(b.getStatements().get(0));
        }
        return unlabeled(body) instanceof ForStmt inner ? inner : null;
    }

    /** The statement a label (or several) stands before: the loop of {@code outer: for (...)}. */
    public static Statement unlabeled(Statement s) {
        while (s instanceof LabeledStmt l) {
            s = l.getStatement();
        }
        return s;
    }

    private static void checkIndexNotAssigned(Statement body, String index) {
        for (Node n : body.findAll(Node.class)) {
            NameExpr t = Scopes.assignedName(n);
            if (t != null && t.getNameAsString().equals(index) && !Scopes.shadowedBetween(t, body, index)) {
                throw error(t, "loop index '" + index + "' may not be modified in the body of a work-sharing loop");
            }
        }
    }

    private static Long literalValue(Expression e) {
        boolean negative = false;
        while (e instanceof UnaryExpr u && (u.getOperator() == UnaryExpr.Operator.MINUS
                || u.getOperator() == UnaryExpr.Operator.PLUS)) {
            negative ^= u.getOperator() == UnaryExpr.Operator.MINUS;
            e = u.getExpression();
        }
        if (e instanceof IntegerLiteralExpr i) {
            return negative ? -i.asNumber().longValue() : i.asNumber().longValue();
        }
        if (e instanceof LongLiteralExpr l) {
            return negative ? -l.asNumber().longValue() : l.asNumber().longValue();
        }
        return null;
    }

    private static boolean isName(Expression e, String name) {
        return e instanceof NameExpr n && n.getNameAsString().equals(name);
    }

    private static boolean mentions(Expression e, String name) {
        return e.findAll(NameExpr.class).stream().anyMatch(n -> n.getNameAsString().equals(name));
    }

    private static TranslationException error(Node n, String message) {
        var begin = n.getBegin().orElseThrow();
        return new TranslationException(begin.line, begin.column, "non-canonical loop: " + message);
    }
}
