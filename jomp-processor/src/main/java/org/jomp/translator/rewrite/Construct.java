package org.jomp.translator.rewrite;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.stmt.Statement;
import org.jomp.translator.directive.Directive;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.source.Placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One directive in the tree of constructs of a file. A combined directive ({@code parallel for}) becomes two
 * constructs on one statement, the region outside the loop. The parent is the innermost construct around it.
 */
public final class Construct {

    private final Placement placement;
    private final Directive directive;
    private final Construct parent;
    private final int depth;
    private final List<Construct> children = new ArrayList<>();
    private final Map<String, Binding> bindings = new HashMap<>();
    /** Facts a construct tells the constructs inside it, e.g. the index variable an ordered block passes. */
    private final Map<String, String> facts = new HashMap<>();

    public Construct(Placement placement, Directive directive, Construct parent) {
        this.placement = placement;
        this.directive = directive;
        this.parent = parent;
        this.depth = parent == null ? 1 : parent.depth + 1;
        if (parent != null) {
            parent.children.add(this);
        }
    }

    public Placement placement() {
        return placement;
    }

    public Directive directive() {
        return directive;
    }

    public DirectiveKind kind() {
        return directive.kind();
    }

    /** The name of the directive as written: {@code parallel for} for both constructs of that combined directive. */
    public String writtenName() {
        return placement.directive().kind().text();
    }

    /** The statement it applies to; null for a stand-alone directive. */
    public Statement statement() {
        return placement.statement();
    }

    /** The node a lookup starts from for names in this construct's clauses. */
    public Node anchor() {
        return statement() != null ? statement() : placement.container();
    }

    public Construct parent() {
        return parent;
    }

    public int depth() {
        return depth;
    }

    public List<Construct> children() {
        return children;
    }

    public Map<String, Binding> bindings() {
        return bindings;
    }

    public Map<String, String> facts() {
        return facts;
    }

    /** The nearest enclosing construct of one of the given kinds, or null. */
    public Construct enclosing(DirectiveKind... kinds) {
        for (Construct c = parent; c != null; c = c.parent) {
            for (DirectiveKind k : kinds) {
                if (c.kind() == k) {
                    return c;
                }
            }
        }
        return null;
    }

    public int line() {
        return directive.line();
    }

    public int column() {
        return directive.column();
    }

    @Override
    public String toString() {
        return "//omp " + kind().text() + " at " + line() + ":" + column();
    }
}
