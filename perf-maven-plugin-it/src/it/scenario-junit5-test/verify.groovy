import groovy.json.JsonSlurper

// The class set-up sleeps 3 s (and the class tear-down 1 s) in every execution of the test; the method takes
// well under a second. Timed with its class set-up, every run would exceed 3 s.
def log = new File(basedir, 'build.log').text
def json = new JsonSlurper().parse(new File(basedir, 'target/perf/results.json'))
def cold = json.benchmarks.find { it.benchmark == 'wordcount' && it.params.runs == 'cold' }
def warm = json.benchmarks.find { it.benchmark == 'wordcount' && it.params.runs == 'warm' }
assert cold && warm : "expected wordcount cold and warm; got ${json.benchmarks*.key}"
assert cold.forks.size() == 2 && warm.forks.size() == 1 && warm.forks[0].primary.size() == 3
(cold.forks + warm.forks).each { f ->
    f.primary.each { ms -> assert ms > 0 && ms < 2500 : "a run took ${ms} ms: the 3 s class set-up was timed" }
}
assert json.settings['perf.scenario.wordcount.test'] == 'it.cluster.WordCountTest#countsWords'

// every JVM ran the class set-up: 2 cold JVMs, and in the warm JVM once per execution (1 warm-up + 3 runs)
def tmp = new File(basedir, 'target/perf/scenarios/wordcount')
def started = []
tmp.eachFileRecurse { if (it.name.startsWith('cluster-started-')) started << it }
assert started.size() == 6 : "the class set-up ran ${started.size()} times, expected 2 cold + 4 warm"

assert log.contains('Existing tests run as scenarios through the JUnit Platform launcher org.junit.platform:junit-platform-launcher:1.10.2')
assert log.contains('scenario wordcount: 2 cold runs (a fresh JVM each), then 1 warm JVM of 1 warm-up + 3 warm runs; each run'
        + ' executes the test it.cluster.WordCountTest#countsWords, timing the test method only (not its class set-up or tear-down')
assert log =~ /scenario wordcount: warm run 3 of 3 took [0-9.]+ ms/
return true
