def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text

assert log.contains("'--upload-pack=./pwned.sh' starts with '-' and would be read as an option")
assert !new File(basedir, 'PWNED').exists()
assert log.contains("'origin/no-such-branch' names no commit")
assert log.contains("'main..patch' is not a valid ref name: it contains '..'")
assert log.contains("perf.adaptive = 'yes' is not a switch; write true or false (in any case), or leave it empty for the default")
assert log.contains('perf.against is not set')
assert log.contains('BUILD SUCCESS')

// pwned.sh was created after the state was recorded; everything else is as it was
new File(basedir, 'pwned.sh').delete()
fixture.assertUnchanged(basedir)
return true
