import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text

// no map of executed code in this repository's history: the class analysis selects, and says so
assert log.contains("selecting by the class analysis, which cannot see through reflection. To record one, run main's perf:run with -Dperf.executedCode=true (or perf.affected=true in the POM), then perf:record")
// the selection, with why, and what was left out
assert log.contains('perf.affected: 1 class differs between base and candidate (org.example.bench.Codec); 1 of 2 benchmarks selected')
assert log.contains('  org.example.bench.CodecBench.encode: reaches org.example.bench.Codec, changed')
assert log.contains('  not affected, not compared: org.example.bench.ParserBench.parse')
assert log.contains('Interleaving 1 benchmark')

// only the affected benchmark was measured, and its slowdown fails the build
def results = new JsonSlurper().parse(new File(basedir, 'target/perf/results.json'))
assert results.benchmarks.collect { it.benchmark } == ['org.example.bench.CodecBench.encode']
assert log =~ /FAIL .*CodecBench\.encode/
assert log.contains('BUILD FAILURE')

fixture.assertUnchanged(basedir)
return true
