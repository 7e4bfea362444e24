package org.jomp.processor;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

import java.util.Collection;
import java.util.Map;

/**
 * Gives a class compiled from a renamed translation its original names back with ASM's {@link ClassRemapper}:
 * {@code p/Foo$$Jomp} and its nested classes ({@code p/Foo$$Jomp$Inner}, {@code p/Foo$$Jomp$1}) become
 * {@code p/Foo...} everywhere in the class (its own name, InnerClasses, NestHost/NestMembers, descriptors,
 * signatures, method handles of lambdas, string constants that name the class), and its SourceFile attribute
 * names the user's file. Line numbers are not touched: the translation kept them. References to the renamed
 * translations of other files that declare threadprivate fields ({@code p/Counters$$Jomp}, through which the
 * translation reaches those fields) become references to their original names too.
 */
final class ClassRenamer {

    private final Map<String, String> topLevel;
    private final Map<String, String> others;
    private final String sourceFile;

    /**
     * @param topLevel   renamed internal name to original internal name, for each top-level type of the file
     * @param others     the same for top-level types of other files that the translation may refer to
     * @param sourceFile the original file's name, e.g. {@code Foo.java}
     */
    ClassRenamer(Map<String, String> topLevel, Map<String, String> others, String sourceFile) {
        this.topLevel = topLevel;
        this.others = others;
        this.sourceFile = sourceFile;
    }

    /** The original internal name of a renamed class of this file or one nested in it; null for any other class. */
    String original(String internalName) {
        return original(topLevel, internalName);
    }

    /** As {@link #original(String)}, for the classes of this file and the others. */
    private String renamed(String internalName) {
        String original = original(topLevel, internalName);
        return original != null ? original : original(others, internalName);
    }

    private static String original(Map<String, String> topLevel, String internalName) {
        for (Map.Entry<String, String> e : topLevel.entrySet()) {
            String renamed = e.getKey();
            if (internalName.equals(renamed)) {
                return e.getValue();
            }
            if (internalName.startsWith(renamed + "$")) {
                return e.getValue() + internalName.substring(renamed.length());
            }
        }
        return null;
    }

    /** The original internal names of the top-level types. */
    Collection<String> originalTopLevel() {
        return topLevel.values();
    }

    byte[] rename(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(0);
        Remapper names = new Remapper() {
            @Override
            public String map(String internalName) {
                String original = renamed(internalName);
                return original != null ? original : internalName;
            }

            @Override
            public Object mapValue(Object value) {
                if (value instanceof String s) {
                    String original = renamed(s);
                    if (original == null) {
                        original = renamed(s.replace('.', '/'));
                        return original == null ? s : original.replace('/', '.');
                    }
                    return original;
                }
                return super.mapValue(value);
            }
        };
        ClassVisitor remapper = new ClassRemapper(writer, names) {
            @Override
            public void visitSource(String source, String debug) {
                super.visitSource(sourceFile, debug);
            }
        };
        reader.accept(remapper, 0);
        return writer.toByteArray();
    }
}
