// The files without directives that use the threadprivate field, in main and in test, are translated; the tests ran.
def log = new File(basedir, 'build.log').text
assert log.contains('JOMP: 3 translated, 0 copied, 0 up to date, 0 deleted -> target/generated-sources/jomp')
assert log.contains('JOMP: 1 translated, 0 copied, 0 up to date, 0 deleted -> target/generated-test-sources/jomp')
def test = new File(basedir, 'target/generated-test-sources/jomp/org/jomp/it/tp/TeamTest.java').text
assert test.contains('Counters.count.get()')
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
return true
