// The translation went through the Filer as Squares$$Jomp.java, kept every line, and its classes replaced the
// originals: target/classes holds Squares.class only, naming the user's file. The translation is then kept as
// Squares$$Jomp.txt, so that a second build finds nothing to compile.
def src = new File(basedir, 'src/main/java/org/jomp/it/ann/Squares.java')
def gen = new File(basedir, 'target/generated-sources/annotations/org/jomp/it/ann/Squares$$Jomp.txt')
assert gen.isFile() : "no translation at ${gen}"
assert gen.text.readLines().size() == src.text.readLines().size() : 'the translation moved lines'
def classes = new File(basedir, 'target/classes/org/jomp/it/ann').list().sort()
assert classes == ['Squares.class'] : "classes: ${classes}"
def bytes = new File(basedir, 'target/classes/org/jomp/it/ann/Squares.class').bytes
def text = new String(bytes, 'ISO-8859-1')
assert text.contains('org/jomp/runtime/Omp') : 'Squares.class is not the translation'
assert !text.contains('$$Jomp') : 'a renamed name is left in Squares.class'
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
assert !new File(gen.parentFile, 'Squares$$Jomp.java').exists()
assert log.contains('Nothing to compile - all classes are up to date') : 'the second build compiled again'
return true
