package org.jomp.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;

/** Finds out whether a class is on a class path without loading it (its class file is looked up). */
final class ClassPathSearch {

    private ClassPathSearch() {
    }

    static boolean contains(List<String> classpath, String className) {
        String entry = className.replace('.', '/') + ".class";
        for (String element : classpath) {
            Path path = Path.of(element);
            if (Files.isDirectory(path)) {
                if (Files.isRegularFile(path.resolve(entry))) {
                    return true;
                }
            } else if (Files.isRegularFile(path) && jarHas(path, entry)) {
                return true;
            }
        }
        return false;
    }

    private static boolean jarHas(Path jar, String entry) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.getEntry(entry) != null;
        } catch (IOException e) {
            return false;
        }
    }
}
