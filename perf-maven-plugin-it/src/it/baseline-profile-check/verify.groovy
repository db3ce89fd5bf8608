import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def slurper = new JsonSlurper()
// a profile's directory: the display name, WriterBench.append (recordSize=64), made a file name
def dir = 'WriterBench.append_recordSize_64_'

// 1: the baseline and its profiles, tied to its bytes; perf:run did not profile what perf:check would
def baseline = new File(basedir, 'src/perf/baseline.json')
def stored = new File(basedir, 'src/perf/baseline-profiles.json')
assert baseline.isFile() && stored.isFile()
def storedJson = slurper.parse(stored)
def sha = java.security.MessageDigest.getInstance('SHA-256').digest(baseline.bytes).encodeHex().toString()
assert storedJson.baselineSha256 == sha
def storedBench = storedJson.benchmarks['org.example.bench.WriterBench.append:recordSize=64']
assert storedBench.frames.contains('org.example.bench.RecordWriter.append')
assert stored.length() < 200_000 : "the stored profile is ${stored.length()} bytes"
assert log.contains('perf.profile=all: perf:baseline profiles the benchmarks later in this build')
assert log =~ /Stored the profiles of 1 of 1 benchmarks with the baseline in src.perf.baseline-profiles\.json \(/

// each profiling fork ran the one parameter set perf.params picked, once (JMH once got it twice, and the fork failed)
assert !log.contains('Could not profile') && !log.contains('listed twice')
assert !log.contains('recordSize=512')

// 3: the FAIL, attributed against the stored profile
assert log =~ /FAIL .*WriterBench\.append \(recordSize=64\)/
assert log =~ /Attributing against the profiles stored with the baseline in src.perf.baseline-profiles\.json/
def attribution = slurper.parse(new File(basedir, "target/perf/profiles/${dir}/attribution.json"))
assert attribution.verdict == 'FAIL'
assert attribution.samplesBefore > 0 : 'the stored profile is the before'
assert attribution.before > 0 && attribution.after > attribution.before
assert attribution.methods[0].method == 'org.example.bench.RecordWriter.append'
assert attribution.methods[0].shareOfChange > 0.5 : "RecordWriter.append carries ${attribution.methods[0].shareOfChange}"
assert attribution.allocations[0].site == 'new byte[] in org.example.bench.RecordWriter.append'
assert attribution.allocations[0].bytesPerOpAfter > 1000 && attribution.allocations[0].bytesPerOpBefore < 16
assert attribution.files.contains('diff.html') && !attribution.files.contains('base.jfr')
assert new File(basedir, "target/perf/profiles/${dir}/diff.html").isFile()
assert log =~ /1\. org\.example\.bench\.RecordWriter\.append [0-9.]+ -> [0-9.]+ ns\/op \(\+[0-9.]+ ns\/op, \d+ % of the slowdown\)/
// the failed build did not touch the baseline or its profiles
assert sha == java.security.MessageDigest.getInstance('SHA-256').digest(baseline.bytes).encodeHex().toString()
assert slurper.parse(stored).baselineSha256 == sha

// 4: perf:run profiled what it measured, with the run's median as the cost
def measured = slurper.parse(new File(basedir, "target/perf-run/profiles/${dir}/attribution.json"))
assert measured.verdict == 'measured'
assert measured.before == null && measured.after > 0
assert measured.methods.any { it.method == 'org.example.bench.RecordWriter.append' }
assert log.contains('Profile of WriterBench.append (recordSize=64) (measured; ')

// 2: perf:profile on demand: the profiled fork's own score, said so
assert log =~ /Profile of WriterBench\.append \(recordSize=64\) \(profiled on demand; async-profiler [^)]+, wall-clock samples\):\n\[INFO\]   1\. org\.example\.bench\.RecordWriter\.append [0-9.]+ ns\/op self/
assert log =~ /Scored in the profiled fork \(profiler attached\) [0-9.]+ ns\/op/
return true
