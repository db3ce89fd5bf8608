import java.security.MessageDigest

def log = new File(basedir, 'build.log').text
def baseline = new File(basedir, 'src/perf/baseline.json')
// A build error (bad input), not a regression.
assert log.contains('MojoExecutionException')
assert !log.contains('MojoFailureException')
assert log.contains('The baseline cannot be read: ' + baseline.canonicalFile.path + ': is not valid JSON at line')
assert log.contains('(truncated or hand-edited?): Unexpected end-of-input: expected close marker for Array (start marker at [line: ')
assert !log.contains('REDACTED')
assert log.contains('It was left as it is: restore it from version control, or record a new one with: mvn clean test-compile perf:baseline')
def sha = MessageDigest.getInstance('SHA-256').digest(baseline.bytes).encodeHex().toString()
assert sha == '4aa5a793e5d9700cf1f739b219025b5431d2da071c1636b2b123b9cea0267b51'
// No report from a check that could not run.
assert !new File(basedir, 'target/perf/report.json').exists()
return true
