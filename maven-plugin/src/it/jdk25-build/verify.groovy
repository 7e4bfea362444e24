def log = new File(basedir, 'build.log').text
assert log.contains('JOMP: 1 translated, 0 copied, 0 up to date, 0 deleted -> target/generated-sources/jomp')
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
return true
