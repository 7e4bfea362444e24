// The test source was translated into generated-test-sources/jomp; the original is untouched.
def src = new File(basedir, 'src/test/java/org/jomp/it/tests/CounterTest.java')
def out = new File(basedir, 'target/generated-test-sources/jomp/org/jomp/it/tests/CounterTest.java')
assert out.isFile() : "no translation at ${out}"
assert out.text.contains('Omp.') && !src.text.contains('Omp.')
def log = new File(basedir, 'build.log').text
assert log.contains('JOMP: 1 translated, 0 copied, 0 up to date, 0 deleted -> target/generated-test-sources/jomp')
assert log.contains('JOMP: 0 translated, 1 copied, 0 up to date, 0 deleted -> target/generated-sources/jomp')
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
return true
