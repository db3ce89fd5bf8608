import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
def slurper = new JsonSlurper()

// 1: async-profiler cannot be resolved, so JFR profiles; the warning says what was missing
assert log =~ /async-profiler is not available \(tools\.profiler:async-profiler:jar:[a-z0-9-]+:0\.0-none could not be resolved/
assert log.contains('profiling with JFR instead')
assert log.contains('No flame graph pages per side: tools.profiler:jfr-converter:0.0-none could not be resolved')
def evidence = slurper.parse(new File(basedir, 'target/perf/profiles/WriterBench.append/attribution.json'))
assert evidence.profiler == 'JDK Flight Recorder'
assert evidence.sampling == 'cpu'
assert evidence.methods[0].method == 'org.example.bench.RecordWriter.append'
assert evidence.allocations[0].site == 'new byte[] in org.example.bench.RecordWriter.append'
assert new File(basedir, 'target/perf/profiles/WriterBench.append/diff.html').isFile()
assert new File(basedir, 'target/perf/profiles/WriterBench.append/candidate.jfr').isFile()

// 2: perf.profiler=async and no async-profiler: nothing profiled, a warning with what to do, the same verdict
assert log.contains('Profiling skipped: async-profiler is not available (tools.profiler:async-profiler:jar:')
assert log.contains('perf.profiler=async allows no other profiler. The verdicts stand; use perf.profiler=auto to fall back to JFR.')
assert !new File(basedir, 'target/perf-async-only/profiles').exists()
def first = slurper.parse(new File(basedir, 'target/perf/report.json'))
def second = slurper.parse(new File(basedir, 'target/perf-async-only/report.json'))
assert first.outcome == 'FAIL' && second.outcome == 'FAIL'
assert (log =~ /BUILD FAILURE/).count == 2

fixture.assertUnchanged(basedir)
return true
