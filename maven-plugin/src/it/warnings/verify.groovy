def race = new File(basedir, 'src/main/java/org/jomp/it/warn/Race.java').canonicalPath
def log = new File(basedir, 'build.log').text
def warning = "[WARNING] ${race}:[11,13] 'last' is shared and assigned in a parallel loop"
assert log.count(warning) == 2 : "expected the warning in both builds: ${warning}"
assert log.contains('BUILD SUCCESS') && log.contains('BUILD FAILURE')
assert log.indexOf('BUILD SUCCESS') < log.indexOf('BUILD FAILURE')
assert log.contains("JOMP: 1 warning(s) and failOnWarning is set; the first: ${race}:[11,13]")
return true
