import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
assert log =~ /Recorded baseline src\/perf\/baseline\.json from target\/perf\/results\.json: 1 benchmarks, 5 forks/
// The regression, named, with the measured value before the limit.
assert log =~ /\[ERROR\] FAIL LoopBench\.loop: median time \+\d+\.\d % \[\+\d+\.\d %, \+\d+\.\d %\] is above the 10 % limit \(p [=<] 0\.\d+, 5 vs 5 forks\)/
// With 5 forks the p95 row may be FAIL or WARN; a WARN adds "(1 WARN)" to the summary.
assert log =~ /\d regressions? in \d comparisons( \(\d+ [A-Z]+(, \d+ [A-Z]+)*\))?; see target\/perf\/report\.md/
assert log.contains('BUILD FAILURE')
// The build JVM arguments differ between the runs: listed, not fatal (perf.environmentPolicy=warn).
assert log.contains('jvm.args')

def report = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert report.outcome == 'FAIL'
assert report.failsBuild
def median = report.comparisons.find { it.metric == 'median' }
assert median.verdict == 'FAIL'
assert median.ratio.estimate > 1.3 && median.ratio.estimate < 1.8
assert median.ratio.lowerBound > 1.05
assert report.environment.differences.any { it.field == 'jvm.args' }
def xml = new XmlSlurper().parse(new File(basedir, 'target/perf/TEST-perf.xml'))
assert xml.@failures.text() == report.counts.FAIL.toString()
assert xml.testcase.find { it.@name.text() == 'loop median [sample]' }.failure.size() == 1
assert new File(basedir, 'target/perf/report.md').text.contains('**FAIL**')
// 2 also profiles the working tree's failing benchmark (no base build exists to profile against a stored baseline)
assert log.contains('Profiling 1 benchmark (perf.profile=regressions): one extra fork of the working tree with async-profiler')
assert log.contains('Only the working tree can be profiled against a stored baseline that has no profiles: perf:baseline -Dperf.profile=all stores them beside it, and then this goal attributes a slowdown before and after; perf:compare -Dperf.against=<ref> profiles both sides now')
def profile = new JsonSlurper().parse(new File(basedir, 'target/perf/profiles/LoopBench.loop/attribution.json'))
assert profile.before == null && profile.samplesBefore == 0 && profile.samplesAfter > 0
assert profile.methods.any { it.method.startsWith('it.LoopBench.') }
assert !new File(basedir, 'target/perf/profiles/LoopBench.loop/diff.html').exists()
assert new File(basedir, 'target/perf/profiles/LoopBench.loop/cpu-candidate.html').isFile()
assert log =~ /Profile of LoopBench\.loop \(FAIL; async-profiler [0-9.]+, wall-clock samples\):/
// 3. accepting the slowdown: the failure ends with the command, which records step 2's results as they are
assert log.contains('If the slowdown is intended, record these results as the baseline (nothing is measured again):'
        + ' mvn perf:baseline -Dperf.reason="<why it is expected>"')
def accepted = new JsonSlurper().parse(new File(basedir, 'src/perf/baseline.json'))
assert accepted.provenance.reason == 'work-3000-by-design'
assert accepted.provenance['results.createdAt'] == report.current.createdAt : 'the accepted baseline was measured again'
assert log =~ /Recorded baseline src\/perf\/baseline\.json from target\/perf\/results\.json: 1 benchmarks, 5 forks.*, reason: work-3000-by-design/
// 4. the next build is judged against it and shows why the baseline was recorded
assert log =~ /perf:check target\/perf\/results\.json vs baseline src\/perf\/baseline\.json \(recorded [^)]*, reason: work-3000-by-design\)/
assert log.contains('BUILD SUCCESS')
assert new JsonSlurper().parse(new File(basedir, 'target/perf-after/report.json')).outcome != 'FAIL'
return true
