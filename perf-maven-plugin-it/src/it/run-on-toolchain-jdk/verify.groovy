import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def home = new File(basedir, 'target/jdk21').absolutePath

// the plugin took the benchmark JVM from the toolchain, not the JDK running Maven
assert log.contains('Benchmark JVM from the toolchain: JDK[' + home + ']')
def results = new JsonSlurper().parse(new File(basedir, 'target/perf/results.json'))
assert results.environment['java.version'].startsWith('21.')
assert results.environment['java.version'] != System.getProperty('java.version')
def baseline = new JsonSlurper().parse(new File(basedir, 'src/perf/baseline.json'))
assert baseline.environment['java.version'] == results.environment['java.version']
assert new JsonSlurper().parse(new File(basedir, 'target/perf/report.json')).outcome != 'FAIL'
assert !log.contains('BUILD FAILURE')
return true
