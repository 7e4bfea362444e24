package org.jomp.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the previous build produced, kept in a small file under target/ between builds: for every output (by its path
 * relative to the output directory) the source it came from and a digest of that source's bytes. A source whose
 * digest is unchanged is not translated again; an output whose source is gone is deleted. The fingerprint covers the
 * settings that shape every output (release, includes/excludes, translator build): when it changes, everything is
 * translated again.
 *
 * <p>Format, UTF-8 text: a first line {@code fingerprint<TAB>value}, then one line per output:
 * {@code digest<TAB>relative output path<TAB>absolute source path<TAB>translated|copied}.
 */
final class TranslationState {

    /**
     * One output, the source it was made from, and whether it is a translation (which may depend on the types of
     * other files) or a copy.
     */
    record Entry(String relativePath, Path source, String digest, boolean translated) {
    }

    private static final String FINGERPRINT = "fingerprint";
    private static final String TRANSLATED = "translated";
    private static final String COPIED = "copied";

    private final String fingerprint;
    private final Map<String, Entry> entries = new LinkedHashMap<>();

    TranslationState(String fingerprint) {
        this.fingerprint = fingerprint;
    }

    /**
     * Reads the state of the previous build; an empty state when there was none, when it was made with another
     * fingerprint, or when the file is not readable as a state (then every source is translated again, which is
     * always correct).
     */
    static TranslationState load(Path file, String fingerprint) {
        TranslationState state = new TranslationState(fingerprint);
        if (!Files.isRegularFile(file)) {
            return state;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return state;
        }
        if (lines.isEmpty() || !lines.get(0).equals(FINGERPRINT + "\t" + fingerprint)) {
            return state;
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split("\t", -1);
            if (fields.length != 4 || !fields[3].equals(TRANSLATED) && !fields[3].equals(COPIED)) {
                return new TranslationState(fingerprint);
            }
            state.put(new Entry(fields[1], Path.of(fields[2]), fields[0], fields[3].equals(TRANSLATED)));
        }
        return state;
    }

    void save(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(FINGERPRINT + "\t" + fingerprint);
        for (Entry e : entries.values()) {
            lines.add(e.digest() + "\t" + e.relativePath() + "\t" + e.source() + "\t"
                    + (e.translated() ? TRANSLATED : COPIED));
        }
        Files.createDirectories(file.getParent());
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    Entry get(String relativePath) {
        return entries.get(relativePath);
    }

    void put(Entry entry) {
        entries.put(entry.relativePath(), entry);
    }

    Map<String, Entry> entries() {
        return Collections.unmodifiableMap(entries);
    }
}
