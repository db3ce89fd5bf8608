import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text

// 1: five runs recorded; the empty shard's results are refused with a warning, and the build went on
assert (log =~ /Recorded \d{4}\/\d{2}\/\S+ \(2 results\) in the directory /).size() == 5 : 'five runs recorded'
assert log =~ /\[WARNING\] Not recorded in the history: \S*empty-shard\.json holds no benchmark \(shard 2\/2 had nothing to run: there are fewer benchmarks than shards\), and a run of nothing is no run of the suite\. Nothing was recorded; the verdict is unchanged\./
def records = []
new File(basedir, 'perf-runs').eachFileRecurse { if (it.name.endsWith('.json.gz')) records << it }
assert records.size() == 5 : records

// 2: nothing in common with the history: a BUILD FAILURE that says what each side held and what to do
assert log =~ /perf:check against the history: 5 runs of main from 2026-\d{2}-\d{2} to 2026-\d{2}-\d{2}/
assert log.contains('The one benchmark of this run (com.acme.ParserBench.parse) is not in the baseline (history: 5'
        + ' runs of main from ')
assert log.contains('which holds 2 others (com.acme.codec.EncoderBench.encode, com.acme.codec.DecoderBench.decode):'
        + ' nothing was compared. If the benchmarks were renamed, record a run of them in the history (perf:record on'
        + ' the main branch), and the next check judges them against it')
assert !log.contains('no regression in 0 comparisons')
def renamed = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert renamed.outcome == 'FAIL'
assert renamed.failsBuild
assert renamed.summary == 'nothing compared'
assert renamed.settings['perf.baseline'] == 'history'
assert renamed.otherFailures.size() == 1

// 3: results of no benchmark, warn-only mode: still a failure (MojoFailureException), with its reports written
assert log =~ /The results \S*empty\.json hold no benchmark, and the baseline \(history: 5 runs of main from .*\) holds 2 \(com\.acme\.codec\.EncoderBench\.encode, com\.acme\.codec\.DecoderBench\.decode\): nothing was compared\./
def empty = new JsonSlurper().parse(new File(basedir, 'target/perf-empty/report.json'))
assert empty.outcome == 'FAIL'
assert empty.settings['perf.failOnRegression'] == 'false'
assert empty.otherFailures[0].contains('hold no benchmark')
assert new File(basedir, 'target/perf-empty/pr-comment.md').text.contains('nothing was compared')
assert log.contains('perf:check: FAIL - nothing compared')
assert (log =~ /BUILD FAILURE/).size() == 2
assert !log.contains('MojoExecutionException')
return true
