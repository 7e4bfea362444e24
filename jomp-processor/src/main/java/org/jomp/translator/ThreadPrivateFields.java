package org.jomp.translator;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import org.jomp.translator.directive.DirectiveKind;
import org.jomp.translator.directive.Var;
import org.jomp.translator.source.DirectiveBinder;
import org.jomp.translator.source.JavaSource;
import org.jomp.translator.source.Placement;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The static fields that {@code //omp threadprivate} turns into {@code ThreadPrivate} holders in a tree of sources.
 * The translation of the declaring class changes the field's type, so every file that refers to the field must be
 * translated too: a front end that translates a tree first scans all its files ({@link #scan}) and hands the result
 * to the translator ({@link TranslatorOptions#withThreadPrivate}), which then rewrites the references in every file.
 *
 * <p>Classes are named by their fully qualified names, nested classes with dots ({@code p.Outer.Inner}).
 */
public final class ThreadPrivateFields {

    private static final ThreadPrivateFields NONE = new ThreadPrivateFields(Map.of(), "");

    /** One declaring class: its top-level class and its thread-private fields with their declared types. */
    private record Holder(String topLevel, Map<String, String> fields) {
        Holder {
            fields = Map.copyOf(fields);
        }
    }

    private final Map<String, Holder> classes;
    private final String topLevelSuffix;
    private final Set<String> fieldNames;
    private final Pattern names;

    private ThreadPrivateFields(Map<String, Holder> classes, String topLevelSuffix) {
        this.classes = Map.copyOf(classes);
        this.topLevelSuffix = topLevelSuffix;
        this.fieldNames = classes.values().stream().flatMap(h -> h.fields().keySet().stream())
                .collect(Collectors.toCollection(TreeSet::new));
        this.names = fieldNames.isEmpty() ? null : Pattern.compile("(?<![\\w$])(?:"
                + fieldNames.stream().map(Pattern::quote).collect(Collectors.joining("|")) + ")(?![\\w$])");
    }

    public static ThreadPrivateFields none() {
        return NONE;
    }

    /** The thread-private fields declared in the given sources; sources that do not parse declare none. */
    public static ThreadPrivateFields scan(Iterable<String> sources, int languageLevel) {
        ThreadPrivateFields all = NONE;
        for (String source : sources) {
            all = all.plus(declaredIn(source, languageLevel));
        }
        return all;
    }

    /**
     * The thread-private fields one source declares. Directives that the translation would reject (a field that is
     * not static, say) declare nothing here: the translation of their own file reports them.
     */
    public static ThreadPrivateFields declaredIn(String source, int languageLevel) {
        if (!source.contains("threadprivate")) {
            return NONE;
        }
        JavaSource parsed;
        try {
            parsed = JavaSource.parse(source, languageLevel);
        } catch (TranslationException e) {
            return NONE;
        }
        Map<String, Holder> classes = new HashMap<>();
        for (Placement p : DirectiveBinder.bind(parsed, e -> { })) {
            if (p.directive().kind() != DirectiveKind.THREADPRIVATE || !(p.container() instanceof TypeDeclaration<?> t)
                    || t.getFullyQualifiedName().isEmpty()) {
                continue;
            }
            Map<String, String> fields = new HashMap<>();
            for (Var v : p.directive().names()) {
                field(t, v.name()).ifPresent(type -> fields.put(v.name(), type));
            }
            if (!fields.isEmpty()) {
                classes.merge(t.getFullyQualifiedName().get(), new Holder(topLevel(t), fields),
                        ThreadPrivateFields::merge);
            }
        }
        return classes.isEmpty() ? NONE : new ThreadPrivateFields(classes, "");
    }

    private static String topLevel(TypeDeclaration<?> t) {
        TypeDeclaration<?> top = t;
        for (Node n = t; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> outer) {
                top = outer;
            }
        }
        return top.getFullyQualifiedName().orElseThrow();
    }

    private static Optional<String> field(TypeDeclaration<?> type, String name) {
        for (FieldDeclaration f : type.getFields()) {
            if (f.isStatic() && f.getVariables().size() == 1) {
                VariableDeclarator d = f.getVariable(0);
                if (d.getNameAsString().equals(name)) {
                    return Optional.of(d.getType().asString());
                }
            }
        }
        return Optional.empty();
    }

    /** These fields and those of {@code other}. */
    public ThreadPrivateFields plus(ThreadPrivateFields other) {
        if (other.classes.isEmpty()) {
            return this;
        }
        if (classes.isEmpty() && topLevelSuffix.equals(other.topLevelSuffix)) {
            return other;
        }
        Map<String, Holder> merged = new HashMap<>(classes);
        other.classes.forEach((name, h) -> merged.merge(name, h, ThreadPrivateFields::merge));
        return new ThreadPrivateFields(merged, topLevelSuffix);
    }

    private static Holder merge(Holder a, Holder b) {
        Map<String, String> fields = new HashMap<>(a.fields());
        fields.putAll(b.fields());
        return new Holder(a.topLevel(), fields);
    }

    /**
     * These fields as the annotation processor compiles them: the translation of {@code p.Foo} is compiled as
     * {@code p.Foo<suffix>} beside the original, so other translated files must refer to its fields through that
     * name (written fully qualified, as {@code p.Foo$$Jomp.Inner.field}).
     */
    public ThreadPrivateFields withTopLevelSuffix(String suffix) {
        return new ThreadPrivateFields(classes, suffix);
    }

    /** The fully qualified names of the top-level classes that declare (or hold a class that declares) fields. */
    public Set<String> topLevelClasses() {
        return classes.values().stream().map(Holder::topLevel).collect(Collectors.toCollection(TreeSet::new));
    }

    public boolean isEmpty() {
        return classes.isEmpty();
    }

    /** The declared type of thread-private field {@code field} of class {@code className}; null if it is not one. */
    public String type(String className, String field) {
        Holder h = classes.get(className);
        return h == null ? null : h.fields().get(field);
    }

    /** Whether {@code field} is the name of some thread-private field. */
    public boolean hasField(String field) {
        return fieldNames.contains(field);
    }

    /**
     * How other files write class {@code className} in front of one of its fields: null for the way they wrote it,
     * else the fully qualified name under which it is compiled.
     */
    public String writtenName(String className) {
        Holder h = classes.get(className);
        if (topLevelSuffix.isEmpty() || h == null) {
            return null;
        }
        return h.topLevel() + topLevelSuffix + className.substring(h.topLevel().length());
    }

    /** Whether the source may refer to one of the fields: it has one of their names as a word (comments count). */
    public boolean mayBeNamedIn(String source) {
        return names != null && names.matcher(source).find();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ThreadPrivateFields f && classes.equals(f.classes)
                && topLevelSuffix.equals(f.topLevelSuffix);
    }

    @Override
    public int hashCode() {
        return Objects.hash(classes, topLevelSuffix);
    }

    @Override
    public String toString() {
        return classes.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + e.getValue().fields().keySet()).collect(Collectors.joining(", ", "{", "}"));
    }
}
