def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text

assert log.contains('BUILD FAILURE')
assert log.contains('The base commit does not build')
// the tail of the base build's log is quoted, so the cause is visible without opening another file
assert log.contains("';' expected")
assert new File(basedir, 'target/perf/base-build.log').text.contains("';' expected")
// nothing was measured
assert !new File(basedir, 'target/perf/results.json').exists()

fixture.assertUnchanged(basedir)
return true
