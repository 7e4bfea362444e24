// Each module translated its own sources into its own target/, and the app's tests ran against the library.
['lib/target/generated-sources/jomp/org/jomp/it/multi/lib/Vectors.java',
 'app/target/generated-sources/jomp/org/jomp/it/multi/app/Norms.java'].each {
    def out = new File(basedir, it)
    assert out.isFile() && out.text.contains('Omp.') : "not translated: ${it}"
}
def log = new File(basedir, 'build.log').text
assert log.count('JOMP: 1 translated, 0 copied, 0 up to date, 0 deleted -> target/generated-sources/jomp') == 2
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
assert log.contains('BUILD SUCCESS')
return true
