// First build: three files translated, one copied. Second build, after one file was edited and one deleted: the
// translated files translated again (a translation may read the types of the edited file), only the edited one's
// output rewritten, the copy up to date, the deleted one's output removed, and the tests ran the new translation.
def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'target/generated-sources/jomp/org/jomp/it/inc')
assert log.contains('JOMP: 3 translated, 1 copied, 0 up to date, 0 deleted -> target/generated-sources/jomp')
assert log.contains('JOMP: 2 translated, 0 copied, 1 up to date, 1 deleted -> target/generated-sources/jomp')
def second = log.substring(log.indexOf('JOMP: 2 translated, 0 copied, 1 up to date, 1 deleted'))
assert second.contains('JOMP: translated org/jomp/it/inc/Changed.java')
assert second.contains('JOMP: translated org/jomp/it/inc/Unchanged.java')
assert !second.contains('JOMP: copied org/jomp/it/inc/Plain.java')
assert second.contains('JOMP: deleted org/jomp/it/inc/Gone.java')
assert !new File(out, 'Gone.java').exists()
assert new File(out, 'Unchanged.java').lastModified() < new File(out, 'Changed.java').lastModified()
assert new File(out, 'Plain.java').lastModified() < new File(out, 'Changed.java').lastModified()
assert log.contains('Changed.version() = 10') && log.contains('Changed.version() = 20')
return true
