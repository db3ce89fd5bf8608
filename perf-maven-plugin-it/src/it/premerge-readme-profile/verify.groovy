import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def log = new File(basedir, 'build.log').text
def base = fixture.baseCommit(basedir)

// 0. this project's profile is the one the README sends readers to (the quick start's), word for word (the plugin
//    version aside)
def profiles = { String text ->
    def m = text =~ /(?s)<profiles>.*?<\/profiles>/
    assert m.find()
    m.group().replaceAll(/<version>[^<]*<\/version>/, '<version/>').readLines()*.trim().findAll { it }
}
def readme = new File(basedir, '../../../../README.md').text
def quickstart = new File(basedir, '../../../../src/site/markdown/tutorial/quickstart.md').text
assert readme.contains('(src/site/markdown/tutorial/quickstart.md)') : 'the README does not send readers to the quick start'
assert profiles(new File(basedir, 'pom.xml').text) == profiles(quickstart) : 'the IT profile is not the quick start\'s'
// ... and the command is the README's pre-merge command (its ref, origin/main, is this fixture's main)
def props = new Properties()
new File(basedir, 'invoker.properties').withInputStream { props.load(it) }
def command = 'mvn ' + props.getProperty('invoker.goals.1').replace('-Dperf.against=main', '-Dperf.against=origin/main')
assert readme.readLines().any { it.trim().startsWith(command + ' ') || it.trim() == command } :
        "the README does not show the IT's command: ${command}"

// 1. -Dperf.against with the README's profile: perf:run steps aside, perf:check measures both sides and FAILs
assert log.contains('perf:run skipped: perf.against=main is set, so the comparison (perf:check or perf:compare)'
        + ' measures the base and the working tree instead')
assert log.contains('perf:check: measuring the working tree against main (both sides, interleaved on this machine)')
// at the defaults: adaptive, up to perf.maxForks = 15 rounds; a tenfold slowdown settles at the first look
assert log.contains('Interleaving 1 benchmark, base and candidate, 5 to 15 rounds (adaptive)')
assert log.contains('settled after 5 rounds')
assert log =~ /FAIL .*WorkBench\.work/
assert log.contains(base.substring(0, 10)) : "the log does not name the base commit ${base}"
assert log.contains('BUILD FAILURE')
// the failure names the goal that compared, not perf:compare, which this profile does not bind
assert log.contains("perf:check against base ${base.substring(0, 10)} (merge base of HEAD and main): FAIL")
assert !log.contains('perf:compare against base')
def slurper = new JsonSlurper()
def baseResults = slurper.parse(new File(basedir, 'target/perf/base-results.json'))
def results = slurper.parse(new File(basedir, 'target/perf/results.json'))
assert baseResults.provenance['git.commit'] == base
assert baseResults.benchmarks[0].forks.size() >= 5
assert results.benchmarks[0].forks.size() == baseResults.benchmarks[0].forks.size()
assert slurper.parse(new File(basedir, 'target/perf/report.json')).toString().contains('FAIL')

// 2. mvn -Pperf perf:methodology, as documented: the prefix resolves and the block names the base
def block = new File(basedir, 'target/perf/methodology.jira')
assert block.isFile() : 'perf:methodology wrote no block'
assert block.text.contains('WorkBench.work')
assert log.contains('BUILD SUCCESS')

fixture.assertUnchanged(basedir)
return true
