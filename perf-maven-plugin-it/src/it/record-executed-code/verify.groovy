import groovy.json.JsonSlurper
import java.util.zip.GZIPInputStream

def log = new File(basedir, 'build.log').text
// perf:run: the one line of what recording cost (auto, because perf.affected is true for the project)
assert log =~ /\[INFO\] perf\.executedCode: recorded the code 1 benchmark \(2 parameter sets\) ran in 2 short forks, .+, \d+ (bytes|KB) \(the map perf\.affected selects by\)/
def head = ['git', 'rev-parse', 'HEAD'].execute(null, basedir).text.trim()
def map = { File f -> new JsonSlurper().parse(new GZIPInputStream(new FileInputStream(f))) }
def written = map(new File(basedir, 'target/perf/executed-code.json.gz'))
assert written.commit == head

// perf:record: kept in the history under the commit recorded
assert log =~ /\[INFO\] Kept the map of the code 2 parameter sets ran \(.+, commit ${head.substring(0, 12)}\) in the directory \S*perf-runs: \S*executed-code\/${head}\.json\.gz/
def kept = map(new File(basedir, "perf-runs/executed-code/${head}.json.gz"))
assert kept == written

// both parameter sets ran Codec.encode and never Codec.decode
def codec = kept.classes.indexOf('it/Codec')
def encode = kept.methods.findIndexOf { it == [codec, 'encode', '(II)I'] }
def decode = kept.methods.findIndexOf { it == [codec, 'decode', '(I)I'] }
assert encode >= 0 : kept.methods
assert decode < 0 : 'decode is never run, so it is in no benchmark\'s list, nor in the table'
assert kept.benchmarks.keySet() == ['it.CodecBench.encode:rounds=16 [avgt]', 'it.CodecBench.encode:rounds=4 [avgt]'] as Set
kept.benchmarks.each { key, indexes -> assert indexes.contains(encode) : key }
assert !kept.classes.any { it.contains('jmh_generated') }
