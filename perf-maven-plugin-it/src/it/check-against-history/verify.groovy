import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// 1-5: five runs recorded in the directory history, on main
assert (log =~ /Recorded \d{4}\/\d{2}\/\S+ \(1 results\) in the directory /).size() == 5 : 'five runs recorded'
def records = []
new File(basedir, 'perf-runs').eachFileRecurse { if (it.name.endsWith('.json.gz')) records << it }
assert records.size() == 5

// 6: unchanged code, judged against the five runs of main: named in the log, no FAIL, the build goes on
assert log =~ /perf:check against the history: 5 runs of main from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, commits [0-9a-f]{10}\.\.[0-9a-f]{10} in the directory \S*perf-runs \(5 comparable of 5 records\)/
def unchanged = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert unchanged.outcome != 'FAIL' : unchanged.summary
assert !unchanged.failsBuild
assert unchanged.baseline.file.startsWith('history: 5 runs of main from ')
assert unchanged.settings['perf.baseline'] == 'history'
def median = unchanged.comparisons.find { it.metric == 'median' }
assert median.verdict != 'FAIL' : median.reason
assert median.forks.baseline == 5 : 'each past run is one observation'
// the runs spread by +-20 % (work 1600 to 2400): the median of the unchanged code lies within them
assert median.baseline.median > 0 && median.ratio.estimate > 0.6 && median.ratio.estimate < 1.6 : median
def md = new File(basedir, 'target/perf/report.md').text
assert md.contains('prediction interval over 5 runs')

// 7: four times the work, beyond the history's spread and the limit: FAIL, naming the benchmark
def slow = new JsonSlurper().parse(new File(basedir, 'target/perf-slow/report.json'))
assert slow.outcome == 'FAIL'
def slowMedian = slow.comparisons.find { it.metric == 'median' }
assert slowMedian.verdict == 'FAIL' : slowMedian.reason
assert slowMedian.ratio.estimate > 2.5 : slowMedian
assert slowMedian.reason.contains("is above the 10 % limit and beyond the history's 95 % prediction bound")
assert log =~ /\[ERROR\] FAIL LoopBench\.loop: median time \+\d+\.\d % \[\+\d+\.\d %, \+\d+\.\d %\] is above the 10 % limit and beyond the history's 95 % prediction bound/
assert log.contains('BUILD FAILURE')
return true
