package org.jomp.examples.keysearch;

/** The smallest candidate whose key matched, and that key; {@link #NONE} and a null key when no candidate did. */
public record KeySearchResult(long candidate, byte[] key) {
    /** What the searches start their min reduction from: larger than any candidate. */
    public static final long NONE = Long.MAX_VALUE;

    static KeySearchResult of(KeySearchProblem p, long found) {
        if (found == NONE) {
            return new KeySearchResult(NONE, null);
        }
        byte[] key = p.partialKey().clone();
        Searcher.setLowBits(key, p.unknownBits(), found);
        return new KeySearchResult(found, key);
    }
}
