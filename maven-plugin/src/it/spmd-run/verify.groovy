// mvn jomp:run -Djomp.np=4 -Djomp.threads=2: four ranks, each with a team of two, and the right total.
def log = new File(basedir, 'build.log').text
(0..3).each { assert log.contains("rank ${it} of 4: 2 threads") : "rank ${it} missing or without its team" }
assert log.contains('total 499999500000 over 4 ranks')
assert log.contains('JOMP: 1 translated, 0 copied, 0 up to date, 0 deleted -> target/generated-sources/jomp')
assert log.contains('BUILD SUCCESS')
return true
