// The class was compiled from the translation, and its test of the stack trace passed.
def out = new File(basedir, 'target/generated-sources/jomp/org/jomp/it/lines/Checker.java')
assert out.isFile() : "no translation at ${out}"
assert out.text.contains('Omp.') : 'the output is not a translation'
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
return true
