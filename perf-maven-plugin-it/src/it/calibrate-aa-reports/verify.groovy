import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def slurper = new JsonSlurper()

// 1. the table names the benchmark with its CVs, the A/A verdict and the sizing
assert log.contains('A/A calibration, 5 forks per half (noise floor of this machine):')
assert log =~ /benchmark\s+forks\s+between-fork CV\s+within-fork CV\s+A\/A\s+detectable \(80 % power\)\s+forks for 1\.5 x limit/
assert log =~ /org\.example\.bench\.WorkBench\.work\s+5\s+[0-9.]+ %\s+[0-9.]+ %\s+(PASS|WARN|FAIL|IMPROVED|INCONCLUSIVE)\s+/
assert log.contains('Interleaving 1 benchmark')
if (new File('/proc/stat').canRead()) {
    assert log =~ /\[(INFO|WARNING)\] The hypervisor took \d+\.\d % of this machine's CPU time \(steal\) while the calibration's forks ran/
}
def calibration = slurper.parse(new File(basedir, 'target/perf/calibration.json'))
// keyed by name, parameters and mode (a benchmark of two modes has an entry per mode)
def entry = calibration.calibration.benchmarks['org.example.bench.WorkBench.work [avgt]']
assert entry.forks == 5
assert entry.betweenForkCv instanceof Number && entry.betweenForkCv > 0
assert entry.threshold == 0.1
// the fork plan: one line per benchmark with its time against the fixed run, and stored with the noise; the
// benchmark's 3 iterations are below the 6 a plan gives a fork, so only the count is planned
assert log.contains('Fork plans (forks per side x measurement iterations per fork that catch 1.5 x the limit')
assert log =~ /\[INFO\]   org\.example\.bench\.WorkBench\.work: (\d+ forks x 3 iterations \(.+\); about \d+ s a side against \d+ s at 5 x 3|no plan \(.+\); 5 forks x 3 iterations as now, about \d+ s a side)/
assert entry.plan.measuredIterations == 3 && entry.plan.iterations == 3 && entry.plan.iterationSeconds == 0.1
assert entry.plan.forkSeconds > 0

// 2. saved into the baseline, which keeps its benchmarks and provenance
assert log.contains('Calibration saved into the baseline src/perf/baseline.json')
def baseline = slurper.parse(new File(basedir, 'src/perf/baseline.json'))
assert baseline.provenance['recordedBy'] == 'calibrate-aa-reports IT'
assert baseline.benchmarks.size() == 1
assert baseline.calibration.benchmarks['org.example.bench.WorkBench.work [avgt]'].forks == 5
assert !new File(basedir, 'src/perf/baseline.json.lock').exists()

// 3. no baseline to save into
assert log.contains('There is no baseline at ')
assert log.contains('Record one first with: mvn clean test-compile perf:baseline, or run perf:calibrate without -Dperf.calibrate.save=true.')

// 4. the comparison's rounds are sized with the stored noise, and every noise figure it prints says so
assert log =~ /Rounds sized with the between-fork noise perf:calibrate stored in src\/perf\/baseline\.json \(measured \d{4}-\d\d-\d\dT[0-9:]+Z, 1 benchmark\), pooled with the noise of each benchmark's own rounds/
def figures = log.readLines().findAll { it.contains('median between-fork noise') }
figures.each { assert it =~ /in these rounds pooled with \d+\.\d % at 5 forks a side, stored by perf:calibrate on \d{4}-\d\d-\d\d/ : it }
println "calibrate-aa-reports: ${figures.size()} noise figure(s) printed by the comparison"
return true
