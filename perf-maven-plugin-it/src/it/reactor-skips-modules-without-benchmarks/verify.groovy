def log = new File(basedir, 'build.log').text

// 1. one line for the module without benchmarks, and neither check nor an error there
assert log.contains('perf:run skipped: no JMH benchmarks (no META-INF/BenchmarkList in target/test-classes) and no scenarios in this module')
assert log.contains('Skipping perf:check: perf:run found no benchmarks or scenarios in this module')
assert !log.contains('No JMH benchmarks found')
assert new File(basedir, 'bench/target/perf/results.json').isFile()
assert !new File(basedir, 'core/target/perf/results.json').exists()
assert log.contains('BUILD SUCCESS')
// the module is named in the results and in every report
def results = new groovy.json.JsonSlurper().parse(new File(basedir, 'bench/target/perf/results.json'))
assert results.environment['maven.module'] == 'bench'
assert log.contains('perf:check module bench: target/perf/results.json (no baseline)')

// 2. none anywhere: the build fails once, at the last module, naming where perf:run looked
assert log.contains('No module of this build has JMH benchmarks or scenarios; perf:run looked in core.')
assert log.contains('BUILD FAILURE')
return true
