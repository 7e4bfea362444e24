// The error names the absolute path, line 6 and column 37 (the bad schedule kind), like the compiler plugin does,
// shows the line with a caret, and the build stopped before compiling anything.
def bad = new File(basedir, 'src/main/java/org/jomp/it/bad/Bad.java').canonicalPath
def log = new File(basedir, 'build.log').text
def expected = "[ERROR] ${bad}:[6,37] unknown schedule kind 'sometimes'"
assert log.contains(expected) : "missing: ${expected}"
assert log.contains('        //omp parallel for schedule(sometimes)\n                                    ^')
assert log.contains("JOMP: 1 error(s) in directives; the first: ${bad}:[6,37]")
assert !new File(basedir, 'target/generated-sources/jomp/org/jomp/it/bad/Bad.java').exists()
assert !new File(basedir, 'target/classes/org/jomp/it/bad/Bad.class').exists()
return true
