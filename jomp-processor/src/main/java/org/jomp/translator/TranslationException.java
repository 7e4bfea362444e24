package org.jomp.translator;

/** A problem in the user's source at a known position; the translator turns it into an error diagnostic. */
public final class TranslationException extends RuntimeException {

    private final int line;
    private final int column;

    public TranslationException(int line, int column, String message) {
        super(message);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
