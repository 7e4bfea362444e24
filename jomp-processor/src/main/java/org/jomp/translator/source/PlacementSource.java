package org.jomp.translator.source;

import org.jomp.translator.TranslationException;

import java.util.List;
import java.util.function.Consumer;

/**
 * A front end that finds directives other than {@code //omp} comments (the annotation forms) in the same parse.
 * Given the placements of the comments, it returns every placement of the file, outer before inner in source
 * order, so that both surfaces build one tree of constructs.
 */
@FunctionalInterface
public interface PlacementSource {

    List<Placement> placements(JavaSource parsed, List<Placement> fromComments, Consumer<TranslationException> errors);
}
