import groovy.json.JsonSlurper

// results.json, field by field
def resultsFile = new File(basedir, 'target/perf/results.json')
assert resultsFile.isFile()
def results = new JsonSlurper().parse(resultsFile)
assert results.schema == 1
assert results.status == 'complete'
assert results.jmhRawFile == 'jmh-results.json'

def byKey = [:]
results.benchmarks.each { b ->
    def key = b.benchmark + (b.params ? ':' + b.params.collect { k, v -> "$k=$v" }.join(',') : '')
    byKey[key] = b
}
assert byKey.keySet() == ['it.ConcatBenchmark.concat:parts=4', 'it.ConcatBenchmark.concat:parts=32',
                          'it.LatencyBenchmark.work', 'it.LoopBenchmark.sum'] as Set

results.benchmarks.each { b ->
    assert b.kind == 'jmh'
    assert b.direction == 'lower' : "${b.benchmark} is a time per operation"
    assert b.forks.size() == 3 : "${b.benchmark}: the POM's 3 forks win over @Fork(1)"
    b.forks.each { f ->
        assert f.primary.size() == 3
        f.primary.each { v -> assert v instanceof Number && v > 0 }
        assert f.secondary['gc.alloc.rate.norm'].size() == 3 : '-prof gc is on by default'
        // the fork's wall time, which shards and perf.budget weigh the benchmark by once it is the baseline
        assert f.seconds instanceof Number && f.seconds > 0 : "${b.benchmark}: no fork time in ${f.keySet()}"
    }
    assert b.secondaryMetrics['gc.alloc.rate.norm'] == [unit: 'B/op', direction: 'lower']
    assert b.warnings.isEmpty()
}

def loop = byKey['it.LoopBenchmark.sum']
assert loop.mode == 'avgt' && loop.unit == 'ns/op'

def latency = byKey['it.LatencyBenchmark.work']
assert latency.mode == 'sample' && latency.unit == 'us/op'
latency.forks.each { f ->
    ['p0.00', 'p0.50', 'p0.90', 'p0.95', 'p0.99', 'p1.00'].each { p -> assert f.percentiles[p] > 0 : p }
    assert f.percentiles['p0.50'] <= f.percentiles['p0.95']
    assert f.percentiles['p0.95'] <= f.percentiles['p1.00']
}

def concat32 = byKey['it.ConcatBenchmark.concat:parts=32']
concat32.forks.each { f -> f.secondary['gc.alloc.rate.norm'].each { v -> assert v > 100 : "allocates: $v B/op" } }

// the fingerprint: every documented key
def keys = ['cpu.model', 'cpu.cores', 'memory.total', 'os.name', 'os.kernel', 'os.arch', 'container.cpuQuota',
            'cpu.governor', 'java.vendor', 'java.version', 'java.vm', 'jvm.args', 'jvm.gc', 'jmh.version',
            'maven.version', 'plugin.version', 'git.commit', 'git.dirty', 'cpu.steal', 'timestamp', 'command']
assert results.environment.keySet() as List == keys
// the steal share the log printed is the one stored (on Linux; elsewhere neither is there)
if (new File('/proc/stat').canRead()) {
    assert results.environment['cpu.steal'] ==~ /\d{1,3}\.\d %/
    assert new File(basedir, 'build.log').text.contains("The hypervisor took ${results.environment['cpu.steal']} of this machine's CPU time (steal)")
} else {
    assert results.environment['cpu.steal'] == 'unknown'
}
assert results.environment['jmh.version'] == '1.37'
assert results.environment['java.version'] == System.getProperty('java.version')
assert results.environment['jvm.gc'] != 'unknown'

// effective settings and the reproducing command
assert results.settings['perf.forks'] == '3'
assert results.settings['perf.warmupIterations'] == '3 for it.ConcatBenchmark.concat, it.LatencyBenchmark.work; 2 for it.LoopBenchmark.sum'
assert results.settings['perf.warmupTime'] == '100 ms'
assert results.settings['perf.params'] == 'parts=4,32'
assert results.settings['perf.includes'] == '.*'
assert results.settings['perf.excludes'] == 'none'
assert results.command.startsWith('mvn test-compile io.perfgate:perf-maven-plugin:')
assert results.command.endsWith(":run -Dperf.forks=3 -Dperf.warmupTime=100ms -Dperf.measurementIterations=3 -Dperf.measurementTime=100ms -Dperf.params=parts=4,32")

// JMH's own JSON and output beside it
def raw = new JsonSlurper().parse(new File(basedir, 'target/perf/jmh-results.json'))
assert raw.size() == 4
assert raw.find { it.benchmark == 'it.LoopBenchmark.sum' }.warmupIterations == 2
assert new File(basedir, 'target/perf/jmh-output.log').text.contains('# Fork: 3 of 3')

// progress in the build log
def log = new File(basedir, 'build.log').text
assert log.contains('LoopBenchmark.sum: avgt, 3 forks (set by you), warmup 2 x 100 ms (from the benchmark\'s annotation / set by you)')
assert log =~ /Expected time: .+ for 12 forks\./
// on Linux the CPU time the host took while the forks ran (a warning above 10 %)
if (new File('/proc/stat').canRead()) {
    assert log =~ /\[(INFO|WARNING)\] The hypervisor took \d+\.\d % of this machine's CPU time \(steal\) while the forks ran/
}
assert log =~ /\[ ?\d+\/12\] ConcatBenchmark\.concat \(parts=4\) avgt: fork 1 of 3 started/
assert log =~ /\[ ?\d+\/12\] LatencyBenchmark\.work sample: fork 3 of 3 done in .+?: [0-9.,]+ us\/op \(median of 3 iterations\); \d+ forks left, ETA .+/
assert log.contains('Wrote target/perf/results.json: 4 results, 12 forks in')
true
