// 1. The build on HEAD (bad) wrote exit code 1 for git bisect.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def git = fixture.git
def log = new File(basedir, 'build.log').text
assert log.contains('git bisect: exit code 1 written to target/perf/bisect-exit-code')
assert new File(basedir, 'target/perf/bisect-exit-code').text.trim() == '1'

// 2. The documented one-liner, run by git bisect itself over the history: it must name the culprit.
def good = fixture.baseCommit(basedir)
def culprit = new File(basedir, '.git/perf-it-culprit').text.trim()
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def repo = localRepositoryPath.path
def settings = new File(basedir, '../interpolated-settings.xml').path
def step = "rm -f target/perf/bisect-exit-code; \"\$MVN\" -B -q -s \"\$SETTINGS\" -Dmaven.repo.local=\"\$REPO\" verify" +
        " -Dperf.against=${good} -Dperf.bisect=true -Dperf.maxForks=5;" +
        ' exit $(cat target/perf/bisect-exit-code 2>/dev/null || echo 125)'
git(basedir, ['bisect', 'start', 'HEAD', good])
def pb = new ProcessBuilder(['git', 'bisect', 'run', 'sh', '-c', step]).directory(basedir).redirectErrorStream(true)
pb.environment().putAll([MVN: mvn, SETTINGS: settings, REPO: repo])
def process = pb.start()
def output = process.inputStream.text
process.waitFor()
new File(basedir, 'bisect.out').text = output
git(basedir, ['bisect', 'reset'])
println output.readLines().findAll { it.contains('first bad commit') || it.contains('could be any of') || it =~ /^[0-9a-f]{40}/ }.join('\n')
assert output.contains("${culprit} is the first bad commit") ||
        (output.contains('could be any of') && output.contains(culprit)) : output

// 3. After git bisect reset, the checkout is as the user left it.
new File(basedir, 'bisect.out').delete()
fixture.assertUnchanged(basedir)
return true
