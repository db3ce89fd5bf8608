import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
assert log =~ /FAIL index-job \(runs=cold\)/

// the scenario's JVM is profiled on both sides, and the JVM it started, by name, with a flame graph of its own
def dir = new File(basedir, 'target/perf/profiles/index-job_runs_cold_')
assert dir.isDirectory() : "no profile directory: ${new File(basedir, 'target/perf/profiles').list()}"
def evidence = new JsonSlurper().parse(new File(dir, 'attribution.json'))
assert evidence.verdict == 'FAIL'
assert evidence.unit == 'ms'
['base', 'candidate'].each { side ->
    def child = dir.listFiles().find { it.name ==~ /${side}-indexer-1-\d+\.jfr/ }
    assert child != null && child.length() > 0 : "no recording of the ${side}'s indexer JVM in ${dir.list()}"
    assert evidence.files.contains(child.name)
    assert evidence.files.contains(child.name.replace('.jfr', '.html'))
    assert new File(dir, child.name.replace('.jfr', '.html')).text.contains('canvas')
}
assert log =~ /Profiling index-job \(runs=cold\): 2 recording\(s\) of the JVMs the scenario started: base-indexer-1-\d+\.jfr, candidate-indexer-1-\d+\.jfr/
// in the scenario's own JVM the run waits for the indexer: the wall-clock attribution says so
assert evidence.methods.any { it.method == 'java.lang.ProcessImpl.waitFor' || it.method == 'java.lang.Object.wait' }

// the indexer JVMs' own table: where their CPU went, by share of their samples, base and candidate
def indexer = evidence.processes.find { it.process == 'indexer' }
assert indexer != null : "no table for the indexer JVMs: ${evidence.processes}"
assert indexer.recordingsBefore == 1 && indexer.recordingsAfter == 1
assert indexer.cpuSamplesAfter > indexer.cpuSamplesBefore : 'five times the work, more samples'
assert indexer.methods.size() > 0 && indexer.methods.every { it.selfShareBefore != null && it.selfShareAfter <= 1 }
assert log =~ /JVMs indexer \(1 and 1 recordings, \d+ and \d+ cpu samples, base and candidate\), top methods by share of their CPU: /

fixture.assertUnchanged(basedir)
return true
