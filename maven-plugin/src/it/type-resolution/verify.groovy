// The translations declare copies with the types resolved from the other source file, the JDK and the class path.
def main = new File(basedir, 'target/generated-sources/jomp/org/jomp/it/types/Totals.java')
def test = new File(basedir, 'target/generated-test-sources/jomp/org/jomp/it/types/TotalsTest.java')
assert main.isFile() && main.text.contains('Omp.') : "not translated: ${main}"
assert test.isFile() && test.text.contains('Omp.') : "not translated: ${test}"
def log = new File(basedir, 'build.log').text
assert !log.contains('cannot see the type')
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
assert log.contains('BUILD SUCCESS')
return true
