import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.contains('[WARNING] No baseline at src/perf/baseline.json: nothing to compare. Record one with:'
        + ' mvn clean test-compile perf:baseline, then commit src/perf/baseline.json')
def report = new JsonSlurper().parse(new File(basedir, 'target/perf/report.json'))
assert report.baseline == null
assert report.outcome == 'WARN'
assert report.comparisons.isEmpty()
assert !new File(basedir, 'src/perf/baseline.json').exists()
return true
