package org.jomp.translator.types;

import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.resolution.types.ResolvedReferenceType;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ClassLoaderTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JarTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.JavaParserTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the declared type of a local whose source does not show it ({@code var} initialised by a method call, a
 * for-each variable, a lambda parameter without a type) with JavaParser's symbol solver: the JDK by reflection
 * ({@link ReflectionTypeSolver}), each jar of the class path ({@link JarTypeSolver}), class directories through a
 * class loader over the whole class path ({@link ClassLoaderTypeSolver}, which loads without initialising), and
 * each source root ({@link JavaParserTypeSolver}). The solvers are built on the first question, so a translation
 * that never asks pays nothing; one resolver serves every file a translator translates.
 */
public final class TypeResolver {

    private static final String SERIALIZABLE = "java.io.Serializable";

    private final TypeContext context;
    private final int release;
    private TypeSolver solver;
    private final List<String> unusable = new ArrayList<>();

    /** release: the Java release of the sources, for parsing the source roots. */
    public TypeResolver(TypeContext context, int release) {
        this.context = context;
        this.release = release;
    }

    public boolean enabled() {
        return context.enabled();
    }

    /**
     * The type of the local or parameter declared by {@code declaration} (a {@link VariableDeclarator} or a
     * {@link Parameter}) as Java source declarable there, or a failure saying what was tried and why it failed.
     */
    public synchronized Resolution resolveDeclaration(Node declaration) {
        if (!context.enabled()) {
            throw new IllegalStateException("type resolution is off");
        }
        try {
            prepare(declaration);
            if (declaration instanceof VariableDeclarator v) {
                if (v.getInitializer().filter(i -> i instanceof ObjectCreationExpr o
                        && o.getAnonymousClassBody().isPresent()).isPresent()) {
                    // The solver answers with the class the anonymous one extends, whose copy would lose its members.
                    return failed("its type is an anonymous class, which has no name");
                }
                return Resolution.of(new DeclarableType(v).write(v.getType().resolve()));
            }
            if (declaration instanceof Parameter p) {
                return Resolution.of(new DeclarableType(p).writeParameter(p.resolve().getType()));
            }
            return failed("it is not a local variable or a parameter");
        } catch (RuntimeException | StackOverflowError e) {
            return failed(reason(e));
        }
    }

    /** The type of {@code expression} as Java source declarable where it stands, or why there is none. */
    public synchronized Resolution resolveExpression(Expression expression) {
        if (!context.enabled()) {
            throw new IllegalStateException("type resolution is off");
        }
        try {
            prepare(expression);
            return Resolution.of(new DeclarableType(expression).write(expression.calculateResolvedType()));
        } catch (RuntimeException | StackOverflowError e) {
            return failed(reason(e));
        }
    }

    /**
     * Whether objects of the type {@code type} (as written in a declaration) can be serialised: true for primitives,
     * interfaces (the object's class may be Serializable), classes that are or inherit {@code java.io.Serializable},
     * and arrays of those; false for other classes; empty when the type or one of its ancestors does not resolve.
     */
    public synchronized Optional<Boolean> serializable(Type type) {
        if (!context.enabled()) {
            throw new IllegalStateException("type resolution is off");
        }
        try {
            prepare(type);
            ResolvedType t = type.resolve();
            while (t.isArray()) {
                t = t.asArrayType().getComponentType();
            }
            if (t.isPrimitive()) {
                return Optional.of(true);
            }
            if (!t.isReferenceType()) {
                return Optional.empty();
            }
            ResolvedReferenceType r = t.asReferenceType();
            if (r.getTypeDeclaration().map(d -> d.isInterface()).orElse(false)
                    || r.getQualifiedName().equals(SERIALIZABLE)) {
                return Optional.of(true);
            }
            return Optional.of(r.getAllAncestors().stream().anyMatch(a -> a.getQualifiedName().equals(SERIALIZABLE)));
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.empty();
        }
    }

    private void prepare(Node node) {
        if (solver == null) {
            solver = build();
        }
        CompilationUnit unit = node.findCompilationUnit()
                .orElseThrow(() -> new IllegalStateException("the node is not in a compilation unit"));
        if (!unit.containsData(Node.SYMBOL_RESOLVER_KEY)) {
            new JavaSymbolSolver(solver).inject(unit);
        }
    }

    private TypeSolver build() {
        CombinedTypeSolver combined = new CombinedTypeSolver(new ReflectionTypeSolver(true));
        List<URL> urls = new ArrayList<>();
        boolean directories = false;
        for (Path entry : context.classPath()) {
            if (Files.isDirectory(entry)) {
                directories = true;
                urls.add(url(entry));
            } else if (Files.isRegularFile(entry)) {
                try {
                    combined.add(new JarTypeSolver(entry));
                    urls.add(url(entry));
                } catch (IOException | RuntimeException e) {
                    unusable.add(entry + " (not a readable jar: " + reason(e) + ")");
                }
            } else {
                unusable.add(entry + " (does not exist)");
            }
        }
        if (directories) {
            combined.add(new ClassLoaderTypeSolver(new URLClassLoader(urls.toArray(URL[]::new),
                    ClassLoader.getPlatformClassLoader())));
        }
        ParserConfiguration config = new ParserConfiguration().setLanguageLevel(release == 8
                ? ParserConfiguration.LanguageLevel.JAVA_8
                : ParserConfiguration.LanguageLevel.valueOf("JAVA_" + release));
        for (Path root : context.sourceRoots()) {
            if (Files.isDirectory(root)) {
                combined.add(new JavaParserTypeSolver(root, config));
            } else {
                unusable.add(root + " (not a directory)");
            }
        }
        return combined;
    }

    private static URL url(Path entry) {
        try {
            return entry.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("class path entry " + entry + ": " + e.getMessage(), e);
        }
    }

    private Resolution failed(String why) {
        String tried = "resolving it against " + context.describe() + " failed: " + why;
        return Resolution.failure(unusable.isEmpty() ? tried : tried + "; unusable entries: "
                + String.join(", ", unusable));
    }

    private static String reason(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message.strip();
    }
}
