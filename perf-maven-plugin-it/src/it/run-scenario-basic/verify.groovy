import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def results = new File(basedir, 'target/perf/results.json')
assert results.isFile() : 'perf:run wrote no results.json'
def json = new JsonSlurper().parse(results)

def scenarios = json.benchmarks.findAll { it.kind == 'scenario' }
assert scenarios.size() == 3 : "expected cpu-work cold and warm, few-requests warm; got ${scenarios*.benchmark}"
assert json.benchmarks.every { it.kind == 'scenario' } : 'no JMH benchmark in this project'

def cold = scenarios.find { it.benchmark == 'cpu-work' && it.params.runs == 'cold' }
def warm = scenarios.find { it.benchmark == 'cpu-work' && it.params.runs == 'warm' }
def few = scenarios.find { it.benchmark == 'few-requests' && it.params.runs == 'warm' }
assert cold && warm && few
assert cold.forks.size() == 3 : 'one fork per cold run'
assert warm.forks.size() == 2 : 'one fork per warm JVM'
warm.forks.each { assert it.primary.size() == 5 : "a warm JVM's 5 measured runs; the warm-up run is discarded" }
assert few.forks.size() == 1 && few.forks[0].primary.size() == 2
assert cold.unit == 'ms' && cold.direction == 'lower'

// every run: wall time, JVM counters, the scenario's own metrics; 100 latencies >= 72: its own p95
(cold.forks + warm.forks).each { f ->
    assert f.primary.every { it > 0 }
    assert f.percentiles['p0.95'] != null : "a run with 100 latencies reports its p95: ${f}"
    assert f.percentiles['p0.95'] >= f.percentiles['p0.50']
    assert !f.percentiles.containsKey('p0.99') : 'a p99 needs 367 latencies'
    assert f.secondary['latency.count'] == [100.0] * f.primary.size() : 'one value per run'
    assert f.secondary['requests'] == [100.0] * f.primary.size()
    ['cpu', 'gc.count', 'gc.time', 'alloc', 'heap.peak', 'setup.time', 'teardown.time'].each { m ->
        assert f.secondary[m] != null : "metric ${m} missing in ${f.secondary.keySet()}"
    }
}
// 20 latencies < 72: no p95, only the count
few.forks.each { f ->
    assert f.percentiles.isEmpty() : "no p95 from 20 latencies: ${f.percentiles}"
    assert f.secondary['latency.count'] == [20.0, 20.0]
}

assert warm.secondaryMetrics.requests == [unit: 'requests', direction: 'higher']
assert warm.secondaryMetrics.alloc == [unit: 'B', direction: 'lower'] : 'declared gated: no gated=false'
assert warm.secondaryMetrics['setup.time'].gated == false
assert warm.secondaryMetrics['checksum.bits'].gated == false

assert json.settings['perf.scenario.cpu-work.coldRuns'] == '3'
assert json.settings['perf.scenario.cpu-work.warmupRuns'] == '1'
assert json.settings['perf.scenario.cpu-work.warmRuns'] == '5'
assert json.settings['perf.scenario.cpu-work.warmJvms'] == '2'
assert json.settings['perf.scenario.cpu-work.param.requests'] == '100'

def dir = new File(basedir, 'target/perf/scenarios/cpu-work')
['cold-1.log', 'cold-2.log', 'cold-3.log', 'warm-1.log', 'warm-2.log'].each { assert new File(dir, it).isFile() : it }
assert new File(dir, 'warm-2.log').text.contains('tmp ' + new File(dir, 'warm-2/tmp').absolutePath)

assert log.contains('scenario cpu-work: 3 cold runs (a fresh JVM each), then 2 warm JVMs of 1 warm-up + 5 warm runs each')
assert log =~ /scenario cpu-work: cold run 3 of 3 took [0-9.]+ (ms|s)/
assert log =~ /scenario cpu-work: warm JVM 2 of 2, warm run 2 of 5 took [0-9.]+ (ms|s).*; ETA /
assert log =~ /scenario cpu-work: done in .*; warm median [0-9.]+ (ms|s) of 2 JVMs \(10 runs\)/
// perf.forkPlan=calibrated: the plan from the baseline's recorded warm JVMs, but the POM sets the counts and wins
assert log.contains('scenario cpu-work: plan not used: <warmJvms> or <warmRuns> is set in the POM, and what you set'
        + ' wins; it would be ')
assert log =~ /scenario cpu-work: .* from the 2 warm JVMs in .*baseline\.json\).*; 1 warm-up run \(<warmupRuns> set in the POM; the runs suggest \d+: /
assert log =~ /scenario few-requests: no plan \(.*holds 1 warm JVM of 2 runs, too few to split the noise/
assert log.contains("scenario 'few-requests': warm runs recorded 20 to 20 latencies each")
assert log.contains("recorded the metric 'checksum.bits', which is not declared")

// perf:check judges the scenarios against the stored baseline as it judges benchmarks: each kind of run apart, the
// time's median and p95 and every declared metric (the gated alloc and requests), and it says why it cannot judge
// (3 cold and 2 warm JVMs a side are below the 5 a side the test needs): deterministic here, whatever the machine.
def check = log.substring(log.indexOf('perf:check target/perf/results.json vs baseline src/perf/baseline.json'))
['cpu-work (runs=cold)', 'cpu-work (runs=warm)'].each { row ->
    ['median', 'p95', 'alloc', 'requests'].each { metric ->
        assert check =~ /(?m)^\[INFO\] ${java.util.regex.Pattern.quote(row)}\s+${metric}\s/ : "no ${metric} row for ${row}"
    }
}
assert check.contains('INCONCLUSIVE cpu-work (runs=cold): median time')
assert check.contains('is not judged: 3 baseline and 3 candidate forks, but at least 5 per side are needed')
assert check.contains('is not judged: 2 baseline and 2 candidate forks, but at least 5 per side are needed')
assert check =~ /few-requests \(runs=warm\)\s+p95 .* not gated/
assert check =~ /perf:check: \w+ - .*9 comparisons/
def report = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert report.comparisons.count { it.benchmark == 'cpu-work' } == 8 : report.comparisons*.benchmark
return true
