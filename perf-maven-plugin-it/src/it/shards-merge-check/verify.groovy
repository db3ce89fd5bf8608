import groovy.json.JsonSlurper

def logs = basedir.listFiles().findAll { it.name.endsWith('.log') }.sort { it.name }*.text.join('\n')
def json = { String path -> new JsonSlurper().parse(new File(basedir, path)) }
def names = { results -> results.benchmarks.collect { it.benchmark } as Set }

// Each shard ran its part, named in the log, and recorded which shard it was.
def shards = (1..3).collect { json("target/perf/shards/${it}.json") }
shards.eachWithIndex { r, i -> assert r.settings.'perf.shard' == "${i + 1}/3" }
// The shards were weighed by what the baseline's forks took (its median fork times the 5 forks planned), and each
// ran its part of the one greedy deal of those weights (longest first, each to the least loaded shard, ties to
// the lowest shard and by name), so every agent reading that baseline deals the same.
assert logs.contains('Fork times: all 4 benchmarks as recorded in src/perf/baseline.json')
def weights = json('src/perf/baseline.json').benchmarks.collectEntries { b ->
    def seconds = b.forks.collect { it.seconds as double }.sort()
    assert seconds.size() == 5 && seconds.every { it > 0 } : "${b.benchmark}: ${seconds}"
    [b.benchmark, Math.round(seconds[2] * 1000) * 5]
}
def load = [0L, 0L, 0L]
def dealt = [[] as Set, [] as Set, [] as Set]
weights.keySet().sort { a, b -> weights[b] <=> weights[a] ?: a <=> b }.each { name ->
    int least = 0
    (1..2).each { if (load[it] < load[least]) least = it }
    load[least] += weights[name]
    dealt[least] << name
}
println "shards-merge-check: fork-time weights ${weights}, dealt ${dealt}"
(1..3).each { k ->
    assert names(shards[k - 1]) == dealt[k - 1] : "shard ${k}/3 ran ${names(shards[k - 1])}, the deal says ${dealt[k - 1]}"
    assert logs =~ /Shard ${k}\/3 \(perf\.shard\): ${dealt[k - 1].size()} of 4 benchmarks and scenarios, about .* of the suite's /
}
// Together they ran the suite, each benchmark once.
def all = ['it.SuiteBench.alpha', 'it.SuiteBench.beta', 'it.SuiteBench.gamma', 'it.SuiteBench.slowed'] as Set
assert shards.collect { names(it) }.sum() as Set == all
assert shards.collect { names(it).size() }.sum() == 4
// A shard's own check leaves the others' benchmarks to them instead of calling them missing.
def shard2 = json('target/perf/shard-2/report.json')
assert shard2.missingBenchmarks.isEmpty()
// how many ran elsewhere follows the deal above: near-equal fork times can tie, and a tie gives shard 2 two of the four
def elsewhere = 4 - dealt[1].size()
assert shard2.notes.any { it.startsWith("${elsewhere} benchmarks of the baseline ran in other shards than this one (perf.shard=2/3)") } : shard2.notes

// The merge before shard 3 arrived was refused by name.
assert logs.contains('Cannot merge the shards: shard 3/3 is missing: there are 1/3 (')
assert logs.contains('Nothing was written.')

// The merged suite is one run of all four, without perf.shard, and its check is the suite's verdict.
def merged = json('target/perf/results.json')
assert names(merged) == all
assert merged.settings.'perf.shard' == null
assert merged.provenance.mergedFrom == '1/3 1.json, 2/3 2.json, 3/3 3.json'
assert logs =~ /Merged 1\/3 1\.json, 2\/3 2\.json, 3\/3 3\.json into target\/perf\/results\.json: 4 results, 20 forks, status complete/
def verdicts = { report -> report.comparisons.findAll { it.metric == 'median' }.collectEntries { [it.benchmark, it.verdict] } }
def mergedVerdicts = verdicts(json('target/perf/report.json'))
def wholeVerdicts = verdicts(json('target/perf/whole/report.json'))
assert mergedVerdicts.keySet() == all
assert mergedVerdicts.findAll { it.value == 'FAIL' }.keySet() == ['it.SuiteBench.slowed'] as Set
// The same FAIL as the suite run whole; the unchanged benchmarks are not FAIL in either.
assert wholeVerdicts.findAll { it.value == 'FAIL' }.keySet() == ['it.SuiteBench.slowed'] as Set

// A budget the whole suite does not fit: nothing measured, the estimate, and the split that would fit.
// (estimated from the baseline's fork times, which this machine decides: a split may fit, or no split may)
assert logs =~ /The run needs about \d+(\.\d)? s for 4 benchmarks, more than perf\.budget = 13 s, so nothing was measured\. Choices: (split it across \d+ CI agents with -Dperf\.shard=K\/\d+ \(the longest shard then needs about \d+(\.\d)? s; see the Shards page\)|no split into shards fits, as it\.SuiteBench\.\w+ alone needs about \d+(\.\d)? s)/
assert !new File(basedir, 'target/perf/budget.json').exists()
return true
