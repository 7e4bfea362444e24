package org.jomp.translator;

/**
 * Options of a translation.
 *
 * @param languageLevel the Java release the sources are written for (17 by default); it selects JavaParser's
 *                      language level, so records, pattern switches and the like parse when the release has them
 */
public record TranslatorOptions(int languageLevel) {

    /** The lowest and highest Java release whose syntax the parser knows. */
    public static final int MIN_LEVEL = 8;
    public static final int MAX_LEVEL = 21;

    public TranslatorOptions {
        if (languageLevel < MIN_LEVEL || languageLevel > MAX_LEVEL) {
            throw new IllegalArgumentException("languageLevel " + languageLevel + " is outside the supported range "
                    + MIN_LEVEL + ".." + MAX_LEVEL);
        }
    }

    public static TranslatorOptions defaults() {
        return new TranslatorOptions(17);
    }

    public TranslatorOptions withLanguageLevel(int level) {
        return new TranslatorOptions(level);
    }
}
