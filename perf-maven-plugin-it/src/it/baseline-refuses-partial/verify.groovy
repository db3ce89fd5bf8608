import groovy.json.JsonSlurper
import java.security.MessageDigest

def committed = new File(basedir, 'src/perf/baseline.json')
def sha = MessageDigest.getInstance('SHA-256').digest(committed.bytes).encodeHex().toString()
assert sha == '71723c7f009f85c93cfd509eeec2800900f5ae3d296c0f0f681efed6e4e7f66f'
assert !new File(basedir, 'src/perf/baseline.json.lock').exists()

def forced = new JsonSlurper().parse(new File(basedir, 'target/perf/forced-baseline.json'))
assert forced.status == 'partial'
assert forced.provenance.forced == 'true'
assert forced.provenance.forcedDespite.contains('the run is partial')
assert forced.provenance.forcedDespite.contains('com.acme.CacheBench.get [avgt] has no forks')
assert forced.provenance.'results.file' == 'perf/results.json'
assert forced.provenance.'git.commit' == '0123456789abcdef0123456789abcdef01234567'
assert forced.benchmarks.size() == 2

def logs = basedir.listFiles().findAll { it.name.endsWith('.log') }*.text.join('\n')
assert logs.contains('Refusing to write the baseline src/perf/baseline.json from perf/results.json: the run is partial')
assert logs.contains('the run is partial: a benchmark failed or the run was stopped early; com.acme.CacheBench.get [avgt] has no forks.')
assert logs.contains('or pass -Dperf.force=true to record it anyway.')
assert logs.contains('[WARNING] Recorded despite: the run is partial')
return true
