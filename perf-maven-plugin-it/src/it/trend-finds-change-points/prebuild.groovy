// A history of 30 runs of main on the branch perf-history of a bare repository, the project's origin, written as
// perf:record writes records (one results document per run, named <yyyy/MM/time-commit-random>.json) but made up
// from perf/template.json: nothing is measured. Run i (0-based) scales every iteration of a benchmark by
//   ParserBench.parse   1.15 from run 20 on (a step)
//   LexerBench.tokens   1.01^i             (a creep of 1 % per run)
//   WriterBench.write   1                  (flat)
// times a seeded run-to-run noise of 0.4 % and a fork-to-fork noise of 0.2 %. perf/run-31.json is one more run,
// for perf:record to append in the second invocation.
import groovy.json.JsonOutput
import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def git = fixture.git

def template = new JsonSlurper().parse(new File(basedir, 'perf/template.json'))
def random = new Random(20261127)
def factor = { String benchmark, int i ->
    switch (benchmark) {
        case 'com.acme.ParserBench.parse': return i >= 20 ? 1.15d : 1.0d
        case 'com.acme.LexerBench.tokens': return Math.pow(1.01d, i)
        default: return 1.0d
    }
}
def commitOf = { int i -> String.format('%08x', 0x5eed0000 + i * 7919) + 'c0ffee'.multiply(5) + '00' }
def runOf = { int i, String recordedAt, Map provenance ->
    def run = new JsonSlurper().parseText(JsonOutput.toJson(template))
    run.createdAt = recordedAt
    run.environment['git.commit'] = commitOf(i)
    run.environment.timestamp = recordedAt
    if (provenance != null) {
        run.provenance = provenance
    }
    run.benchmarks.each { b ->
        double level = factor(b.benchmark, i) * (1 + 0.004 * random.nextGaussian())
        b.forks.each { f ->
            double fork = level * (1 + 0.002 * random.nextGaussian())
            f.primary = f.primary.collect { v -> Math.round(v * fork * 1000) / 1000.0d }
        }
    }
    return run
}

// the project: a repository on main whose origin is the bare repository
new File(basedir, '.gitignore').text = 'target/\nbuild.log\nhistory.git/\nhistory-work/\n'
git(basedir, ['init', '-q'])
git(basedir, ['checkout', '-q', '-b', 'main'])
git(basedir, ['add', '-A'])
git(basedir, ['commit', '-q', '-m', 'the project'])
def bare = new File(basedir, 'history.git')
git(basedir, ['init', '-q', '--bare', bare.absolutePath])
git(basedir, ['remote', 'add', 'origin', bare.absolutePath])
git(basedir, ['push', '-q', 'origin', 'main'])

// the history branch, made in a scratch repository and pushed to the bare one
def work = new File(basedir, 'history-work')
work.mkdirs()
git(work, ['init', '-q'])
git(work, ['checkout', '-q', '--orphan', 'perf-history'])
def start = java.time.Instant.parse('2026-10-01T03:00:00Z')
def nameTime = java.time.format.DateTimeFormatter.ofPattern("yyyy/MM/yyyyMMdd'T'HHmmssSSS'Z'")
        .withZone(java.time.ZoneOffset.UTC)
(0..<30).each { i ->
    def at = start.plusSeconds(86400L * i)
    def provenance = ['recordedAt': at.toString(), 'git.commit': commitOf(i), 'git.parent': commitOf(i - 1),
                      'git.branch': 'main']
    def name = nameTime.format(at) + '-' + commitOf(i).substring(0, 12) + '-' + String.format('%08d', i)
    def file = new File(work, name + '.json')
    file.parentFile.mkdirs()
    file.text = JsonOutput.prettyPrint(JsonOutput.toJson(runOf(i, at.toString(), provenance))) + '\n'
}
git(work, ['add', '-A'])
git(work, ['commit', '-q', '-m', '30 runs of main'])
git(work, ['push', '-q', bare.absolutePath, 'perf-history'])

// run 31 (index 30) as perf:run would leave it, for perf:record
def last = runOf(30, start.plusSeconds(86400L * 30).toString(), null)
new File(basedir, 'perf/run-31.json').text = JsonOutput.prettyPrint(JsonOutput.toJson(last)) + '\n'
return true
