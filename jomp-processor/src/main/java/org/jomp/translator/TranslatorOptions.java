package org.jomp.translator;

import org.jomp.translator.types.TypeContext;

import java.util.Objects;

/**
 * Options of a translation.
 *
 * @param languageLevel the Java release the sources are written for (17 by default); it selects JavaParser's
 *                      language level, so records, pattern switches and the like parse when the release has them
 * @param types         where to look up the types the source does not show (a {@code var} initialised by a method
 *                      call, a for-each variable, an untyped lambda parameter), when a construct needs one;
 *                      {@link TypeContext#none()} (the default) reads types from the source alone
 * @param threadPrivate the thread-private fields of the other files of the tree being translated, whose references
 *                      are rewritten as in the declaring file; {@link ThreadPrivateFields#none()} (the default) knows
 *                      only those of the file itself
 */
public record TranslatorOptions(int languageLevel, TypeContext types, ThreadPrivateFields threadPrivate) {

    /** The lowest and highest Java release whose syntax the parser knows. */
    public static final int MIN_LEVEL = 8;
    public static final int MAX_LEVEL = 21;

    public TranslatorOptions {
        if (languageLevel < MIN_LEVEL || languageLevel > MAX_LEVEL) {
            throw new IllegalArgumentException("languageLevel " + languageLevel + " is outside the supported range "
                    + MIN_LEVEL + ".." + MAX_LEVEL);
        }
        Objects.requireNonNull(types, "types");
        Objects.requireNonNull(threadPrivate, "threadPrivate");
    }

    public TranslatorOptions(int languageLevel, TypeContext types) {
        this(languageLevel, types, ThreadPrivateFields.none());
    }

    public TranslatorOptions(int languageLevel) {
        this(languageLevel, TypeContext.none());
    }

    public static TranslatorOptions defaults() {
        return new TranslatorOptions(17);
    }

    public TranslatorOptions withLanguageLevel(int level) {
        return new TranslatorOptions(level, types, threadPrivate);
    }

    public TranslatorOptions withTypes(TypeContext context) {
        return new TranslatorOptions(languageLevel, context, threadPrivate);
    }

    public TranslatorOptions withThreadPrivate(ThreadPrivateFields fields) {
        return new TranslatorOptions(languageLevel, types, fields);
    }
}
