package org.jomp.processor;

import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;

import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.StandardLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Puts the translated classes in place of the originals once javac has written every class file of the run
 * (the COMPILATION event ends the run, after every GENERATE): each class compiled from a renamed translation is
 * renamed back by {@link ClassRenamer} and written over the original's class file; the renamed file is deleted,
 * and so is any class file of the original that the translation does not have (an anonymous class numbering that
 * moved, for instance).
 *
 * <p>The translation's source then becomes {@code Foo$$Jomp.txt}, still there to read: a generated
 * {@code Foo$$Jomp.java} without a {@code Foo$$Jomp.class} beside it is a stale source to Maven's compiler plugin,
 * which then recompiled the whole module on every build.
 */
final class ClassReplacer implements TaskListener {

    /**
     * One translated file: its package, how its types were renamed, and the translation's source file (null where
     * the Filer's file is not a file of the default file system).
     */
    record Replacement(String packageName, ClassRenamer renamer, Path translation) {
    }

    private final Filer filer;
    private final Elements elements;
    private final Messager messager;
    private final List<Replacement> replacements = new ArrayList<>();
    private final Set<String> generated = new LinkedHashSet<>();

    ClassReplacer(Filer filer, Elements elements, Messager messager) {
        this.filer = filer;
        this.elements = elements;
        this.messager = messager;
    }

    void add(Replacement r) {
        replacements.add(r);
    }

    @Override
    public void finished(TaskEvent e) {
        if (e.getKind() == TaskEvent.Kind.GENERATE && e.getTypeElement() != null) {
            generated.add(internalName(e.getTypeElement()));
        } else if (e.getKind() == TaskEvent.Kind.COMPILATION) {
            for (Replacement r : replacements) {
                try {
                    replace(r);
                } catch (IOException | RuntimeException failure) {
                    messager.printMessage(javax.tools.Diagnostic.Kind.ERROR, "jomp: could not put the translated"
                            + " classes of package '" + r.packageName() + "' in place: " + failure);
                }
            }
            replacements.clear();
        }
    }

    private String internalName(TypeElement type) {
        return elements.getBinaryName(type).toString().replace('.', '/');
    }

    private void replace(Replacement r) throws IOException {
        Set<String> translated = new LinkedHashSet<>();
        for (String name : generated) {
            String original = r.renamer().original(name);
            if (original == null) {
                continue;
            }
            Path compiled = classFile(name);
            Files.write(classFile(original), r.renamer().rename(Files.readAllBytes(compiled)));
            Files.delete(compiled);
            translated.add(original);
        }
        if (translated.isEmpty()) {
            return;
        }
        for (String name : generated) {
            if (r.renamer().original(name) == null && !translated.contains(name) && isOriginalOf(r, name)) {
                Files.deleteIfExists(classFile(name));
            }
        }
        Path source = r.translation();
        if (source != null && Files.isRegularFile(source)) {
            String name = source.getFileName().toString();
            Files.move(source, source.resolveSibling(name.substring(0, name.length() - ".java".length()) + ".txt"),
                    StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** True when name is one of the original classes of the file r translated (the top-level types and nested). */
    private static boolean isOriginalOf(Replacement r, String name) {
        return r.renamer().originalTopLevel().stream()
                .anyMatch(top -> name.equals(top) || name.startsWith(top + "$"));
    }

    /**
     * The class file javac wrote for a class. The Filer finds it; it is read and written as a file, since the Filer
     * only writes files it created itself (javac's output goes to a directory in every build tool).
     */
    private Path classFile(String internalName) throws IOException {
        int slash = internalName.lastIndexOf('/');
        String pkg = slash < 0 ? "" : internalName.substring(0, slash).replace('/', '.');
        return Path.of(filer.getResource(StandardLocation.CLASS_OUTPUT, pkg, internalName.substring(slash + 1)
                + ".class").toUri());
    }
}
