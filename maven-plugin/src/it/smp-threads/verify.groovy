// The user's sources are untouched; the translation went to target/generated-sources/jomp and was compiled from
// there; a file without directives was copied byte for byte.
def src = new File(basedir, 'src/main/java/org/jomp/it/smp/Squares.java')
def out = new File(basedir, 'target/generated-sources/jomp/org/jomp/it/smp/Squares.java')
assert out.isFile() : "no translation at ${out}"
assert !src.text.contains('Omp.') : 'the user source was modified'
assert out.text.contains('Omp.') : 'the output is not a translation'
assert out.text.readLines().size() == src.text.readLines().size() : 'the translation moved lines'
def plainSrc = new File(basedir, 'src/main/java/org/jomp/it/smp/Plain.java')
def plainOut = new File(basedir, 'target/generated-sources/jomp/org/jomp/it/smp/Plain.java')
assert plainOut.bytes == plainSrc.bytes : 'a file without directives was not copied as it is'
def log = new File(basedir, 'build.log').text
assert log.contains('JOMP: 1 translated, 1 copied, 0 up to date, 0 deleted')
assert log.contains('JOMP: directives translated: 1 (parallel for 1)')
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
return true
