import groovy.json.JsonSlurper

// The invoker appends the three invocations to one build.log. Run 2, perf:compare, starts with its "Base:" line.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def whole = new File(basedir, 'build.log').text
def compareAt = whole.indexOf('[INFO] Base: ')
assert compareAt > 0 : 'run 2 (perf:compare) did not start'
def log = whole.substring(0, compareAt)
def compare = whole.substring(compareAt)

// 1: without --add-opens the ResourceManager fails and MiniTezCluster's stop waits forever: killed in time.
// A healthy set-up takes 12-16 s on a quiet 2-core machine but took up to 51 s while the host took 40-60 % of the
// CPU time, and a 45 s limit once killed this JVM before the ResourceManager had even failed. So 60 s (it was 120 s:
// a minute of the IT spent waiting); when even that comes first, the thread dump must show the set-up still
// starting the clusters.
assert log =~ /Scenario 'ordered-wordcount' \(cold JVM 1 of 1\) hung in set-up: no progress within <setUpTimeout> 1 min\. The JVM was killed; a thread dump is in the log\./
if (!log.contains('does not "opens java.lang"') && !log.contains('MiniTezCluster.waitForAppsToFinish')) {
    def dump = log.substring(log.lastIndexOf('The main thread was at:'))
    assert dump.contains('org.apache.hadoop.yarn.server.resourcemanager.ResourceManager') ||
            dump.contains('org.apache.tez.test.MiniTezCluster') : 'the thread dump shows neither the hang nor its set-up'
    println 'NOTE: the set-up without --add-opens was killed at 60 s before it reached the hang (a slow host).'
}

// 2: perf:compare of the patch (100 us of busy work per line, about +4.7 s per job) against main, interleaved on
// one machine: no stored baseline, so the plugin's default limits (10 %) apply and the host's drift hits both sides.
def baseCommit = fixture.baseCommit(basedir)
assert compare.startsWith("[INFO] Base: ${baseCommit.substring(0, 10)} \"base version\"") : compare.readLines()[0]
assert compare.contains('Interleaving 1 scenario, base and candidate')
assert compare =~ /base, round 1: scenario ordered-wordcount: 1 warm JVM of 0 warm-up \+ 1 warm run/
def compared = new File(basedir, 'target/perf-compare')
def slurper = new JsonSlurper()
def baseWarm = slurper.parse(new File(compared, 'base-results.json')).benchmarks
def candidateWarm = slurper.parse(new File(compared, 'results.json')).benchmarks
assert baseWarm*.params.runs == ['warm'] && candidateWarm*.params.runs == ['warm'] : 'warm JVMs only (coldRuns 0)'
assert baseWarm[0].forks.size() >= 5 && baseWarm[0].forks.size() == candidateWarm[0].forks.size() :
        'one warm JVM per side and round, at least 5 rounds'
// every warm JVM ran the real job once over the same generated 4 MiB, its set-up timed apart from the run
def lines = baseWarm[0].forks[0].secondary.records
assert lines.size() == 1 && lines[0] > 40000 : "4 MiB of generated lines: ${lines}"
(baseWarm[0].forks + candidateWarm[0].forks).each { f ->
    assert f.primary.size() == 1 && f.primary[0] > 0 : "a warm JVM's one measured run: ${f.primary}"
    assert f.secondary.records == lines : 'every run reads the same generated input'
    assert f.secondary.throughput.size() == 1 && f.secondary.throughput[0] > 0
    assert f.secondary['setup.time'].size() == 1 && f.secondary['setup.time'][0] > 0 : 'set-up is once per JVM'
}
// On Linux the comparison says how much of the CPU time the hypervisor took while its rounds ran.
if (new File('/proc/stat').canRead()) {
    assert compare =~ /The hypervisor took \d+\.\d % of this machine's CPU time \(steal\) while the rounds ran\./
}
def compareRows = compare.readLines().findAll { it.contains('ordered-wordcount') }.join('\n')
assert compare =~ /FAIL ordered-wordcount \(runs=warm\): median time \+[0-9.]+ %/ : compareRows
assert compare.contains('BUILD FAILURE')
def gatedWarm = slurper.parse(new File(compared, 'report.json')).comparisons.find { it.metric == 'median' }
assert gatedWarm.verdict == 'FAIL' && gatedWarm.ratio.estimate > 1.5 : "report.json: ${gatedWarm}"
// Both sides profiled, with the AM and task JVMs each started: the tokenizer's busy wait grows in the tasks' CPU.
def compareProfile = slurper.parse(new File(compared, 'profiles/ordered-wordcount_runs_warm_/attribution.json'))
def tasks = compareProfile.processes.find { it.process == 'tez-task' }
assert tasks != null && tasks.recordingsBefore >= 1 && tasks.recordingsAfter >= 1 :
        "no before/after table of the task JVMs: ${compareProfile.processes}; the log said:\n" +
                compare.readLines().findAll { it.contains('Profil') || it.contains('recording') }.join('\n')
def burn = tasks.methods.find { it.method == 'io.perfgate.it.tez.BurningTokenProcessor.run' }
assert tasks.methods[0] == burn && burn.selfShareAfter > burn.selfShareBefore + 0.2 : "tez-task: ${tasks.methods}"
assert compareProfile.processes.any { it.process == 'tez-am' && it.recordingsBefore >= 1 && it.recordingsAfter >= 1 }
def profileFiles = new File(compared, 'profiles/ordered-wordcount_runs_warm_').list() as List
['base', 'candidate'].each { side ->
    assert profileFiles.any { it ==~ /${side}-tez-task-1(-\d+)?\.jfr/ } : "no ${side} task JVM recording: ${profileFiles}"
}
assert compare =~ /JVMs tez-task \(\d+ and \d+ recordings, \d+ and \d+ cpu samples, base and candidate\), top methods by share of their CPU: io\.perfgate\.it\.tez\.BurningTokenProcessor\.run /
// 3: the methodology block opens with the before/after sentence of the scenario, naming main's commit
def block = new File(compared, 'methodology.md').text
assert block =~ /ordered-wordcount \(runs=warm\): before \(main at ${baseCommit.substring(0, 10)}\): median [0-9.]+ s, p95 [0-9.]+ s; after \(this patch on top, uncommitted\): median [0-9.]+ s/ : block.readLines().take(6).join('\n')
assert block.contains('tez-task') : 'the profile evidence names the task JVMs'
// and the user's checkout, branches, index, stash and worktrees are as they were
fixture.assertUnchanged(basedir)
assert !compared.listFiles().any { it.isDirectory() && it.name.startsWith('base-') } : 'a base checkout was left'

// The scenario JVMs are gone: no java process still runs from this IT's work directories.
def ps = ['ps', '-eo', 'args'].execute().text
assert !ps.readLines().any { it.contains('/scenario-tez-wordcount/target/perf/scenarios/') } : 'a scenario process survived'
return true
