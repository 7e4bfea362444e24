// -Djomp.np=4 -Djomp.threads=2 (shm): four thread ranks, each with a team of two, and the right total.
// -Djomp.np=3 -Djomp.threads=2 -Djomp.transport=sockets: three rank JVMs, likewise.
def log = new File(basedir, 'build.log').text
def sockets = log.indexOf('over sockets')
assert sockets > 0 : 'the sockets job did not start'
def shm = log.substring(0, sockets)
def net = log.substring(sockets)
(0..3).each { assert shm.contains("rank ${it} of 4: 2 threads") : "shm rank ${it} missing or without its team" }
assert shm.contains('total 499999500000 over 4 ranks')
(0..2).each { assert net.contains("rank ${it} of 3: 2 threads") : "socket rank ${it} missing or without its team" }
assert net.contains('total 499999500000 over 3 ranks')
assert log.count('BUILD SUCCESS') == 2
return true
