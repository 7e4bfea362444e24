package org.jomp.examples.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CodeSizeTest {
    private static final String SEQUENTIAL = """
            package p;

            /** Sums an array. */
            class Sum {
                // the kernel
                static long sum(int[] a) {
                    long s = 0;
                    for (int i = 0; i < a.length; i++) {
                        s += a[i];
                    }
                    return s;
                }
            }
            """;

    @Test
    void directiveVersionCountsTheDirectiveAsItsOnlyParallelLine() {
        String omp = """
                package p;
                class SumOmp {
                    static long sum(int[] a) {
                        long s = 0;   /* running total */
                        //omp parallel for reduction(+:s)
                        for (int i = 0; i < a.length; i++) {
                            s += a[i];
                        }
                        return s;
                    }
                }
                """;
        CodeSize size = CodeSize.of(omp, "SumOmp", SEQUENTIAL, "Sum");
        // Code lines and their lengths: "package p;" 10, "class SumOmp {" 14, "static long sum(int[] a) {" 26,
        // "long s = 0;" 11 (the comment and the blanks before it go), the directive 33,
        // "for (int i = 0; i < a.length; i++) {" 36, "s += a[i];" 10, "}" 1, "return s;" 9, "}" 1, "}" 1:
        // 11 lines, 152 characters plus 11 line breaks.
        assertEquals(11, size.lines());
        assertEquals(163, size.bytes());
        // Renamed, "class SumOmp {" matches "class Sum {"; every other line but the directive is in Sum too.
        assertEquals(1, size.parallelLines());
        assertEquals(1.0 / 11, size.parallelShare());
    }

    @Test
    void handWrittenVersionCountsWhatItAddsAndChanges() {
        String threads = """
                package p;
                class SumThreads {
                    static long sum(int[] a, java.util.concurrent.ForkJoinPool pool) {
                        return pool.submit(() -> Sum.sum(a)).join();
                    }
                }
                """;
        CodeSize size = CodeSize.of(threads, "SumThreads", SEQUENTIAL, "Sum");
        // Lines: package, class, the method header, the return, "}", "}": 6. The header differs from Sum's (it takes
        // a pool) and "return pool.submit(() -> sum(a)).join();" (Sum. read unqualified) is not in Sum: 2 parallel.
        assertEquals(6, size.lines());
        assertEquals(2, size.parallelLines());
    }

    @Test
    void commonSubsequenceIsTheLongestOneNotTheGreedyOne() {
        // Greedy matching of "b" first would give 1; the longest common subsequence is a, c, d.
        String[] x = {"b", "a", "c", "d"};
        String[] y = {"a", "c", "d", "b"};
        assertEquals(3, CodeSize.commonSubsequence(x, y));
        assertEquals(0, CodeSize.commonSubsequence(new String[0], y));
    }
}
