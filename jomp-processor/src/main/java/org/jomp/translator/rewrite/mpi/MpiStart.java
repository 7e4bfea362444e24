package org.jomp.translator.rewrite.mpi;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import org.jomp.translator.rewrite.Construct;
import org.jomp.translator.rewrite.RewriteContext;
import org.jomp.translator.source.JavaSource;

import java.util.List;

/**
 * A file with {@code //mpi} directives starts the job where it starts: {@code Comm.init(args);} is inserted first
 * in each {@code static void main(String[] args)} of the file, on the line of its opening brace. With
 * {@code -Djomp.np=N} that starts N thread ranks running main; under jomprun, srun or mpirun it joins the job; as a
 * plain {@code java Main} it is a world of one rank. Code in files without a main finds its rank's world through
 * {@code Comm.world()}.
 */
public final class MpiStart {

    private MpiStart() {
    }

    public static void insert(JavaSource parsed, List<Construct> constructs, RewriteContext ctx) {
        if (constructs.stream().noneMatch(c -> c.kind().mpi())) {
            return;
        }
        for (MethodDeclaration m : parsed.unit().findAll(MethodDeclaration.class)) {
            if (!m.getNameAsString().equals("main") || !m.isStatic() || m.getBody().isEmpty()
                    || !m.getType().isVoidType() || m.getParameters().size() != 1) {
                continue;
            }
            Parameter p = m.getParameter(0);
            String type = p.getType().asString().replaceAll("\\s+", "");
            if (!(type.equals("String[]") && !p.isVarArgs() || type.equals("String") && p.isVarArgs())) {
                continue;
            }
            ctx.edits().insert(ctx.text().begin(m.getBody().get()) + 1, " " + MpiSite.COMM + ".init("
                    + p.getNameAsString() + ");", 0);
        }
    }
}
