package golden;

// A file without directives comes back byte for byte, comments like "// omp" included.
public class NoDirectives {	 
    int x; // omp parallel is not a directive without the exact //omp prefix at the start of a comment
}
