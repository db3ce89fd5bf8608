// The project as a repository on main whose origin is a bare repository:
//   before-1  the project (LoopBench.loop: work 2000)             runs 1-10 were recorded here
//   before-2  a README line                                        runs 11-20
//   range-1   a comment in LoopBench                               (in the range)
//   range-2   work 2000 -> 6000: three times slower               (the culprit)
//   range-3   a README line
//   range-4   another comment                                      runs 21-30
// The 30 records on perf-history are made up from perf/template.json as perf:record writes them: LoopBench.loop
// 15 % slower from run 21, with a seeded run-to-run noise of 0.4 % and fork-to-fork noise of 0.2 %. Each record's
// commit is a real one, so that perf:trend can measure the last run before the step (before-2) against the first
// after it (range-4) and bisect the four commits between. The commits are listed in .git/perf-it-commits.
import groovy.json.JsonOutput
import groovy.json.JsonSlurper

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def git = fixture.git

new File(basedir, '.gitignore').text = 'target/\nbuild.log\nhistory.git/\nhistory-work/\n'
git(basedir, ['init', '-q'])
git(basedir, ['checkout', '-q', '-b', 'main'])
def commits = [:]
def commit = { String name, String message, Closure edit ->
    edit()
    git(basedir, ['add', '-A'])
    git(basedir, ['commit', '-q', '--allow-empty', '-m', message])
    commits[name] = git(basedir, ['rev-parse', 'HEAD'])
}
def readme = new File(basedir, 'README.txt')
def source = new File(basedir, 'src/test/java/it/LoopBench.java')
def edit = { String from, String to ->
    assert source.text.contains(from)
    source.text = source.text.replace(from, to)
}
commit('before-1', 'the project') { readme.text = 'A loop benchmark.\n' }
commit('before-2', 'docs: say what the loop measures') { readme << 'Its time is proportional to the work.\n' }
commit('range-1', 'comment the seed') { edit('    private long seed = 42;', '    /** The start value. */\n    private long seed = 42;') }
commit('range-2', 'more work per operation') { edit('private final int work = 2000;', 'private final int work = 6000;') }
commit('range-3', 'docs: a README line') { readme << 'See LoopBench.\n' }
commit('range-4', 'comment the loop') { edit('    @Benchmark\n', '    /** The loop. */\n    @Benchmark\n') }
new File(basedir, '.git/perf-it-commits').text = commits.collect { k, v -> "${k} ${v}" }.join('\n') + '\n'

def bare = new File(basedir, 'history.git')
git(basedir, ['init', '-q', '--bare', bare.absolutePath])
git(basedir, ['remote', 'add', 'origin', bare.absolutePath])
git(basedir, ['push', '-q', 'origin', 'main'])

def template = new JsonSlurper().parse(new File(basedir, 'perf/template.json'))
def random = new Random(20261127)
def commitOf = { int i -> i < 10 ? commits['before-1'] : i < 20 ? commits['before-2'] : commits['range-4'] }
def runOf = { int i, String recordedAt, Map provenance ->
    def run = new JsonSlurper().parseText(JsonOutput.toJson(template))
    run.createdAt = recordedAt
    run.environment['git.commit'] = commitOf(i)
    run.environment.timestamp = recordedAt
    run.provenance = provenance
    run.benchmarks.each { b ->
        double level = (i >= 20 ? 1.15d : 1.0d) * (1 + 0.004 * random.nextGaussian())
        b.forks.each { f ->
            double fork = level * (1 + 0.002 * random.nextGaussian())
            f.primary = f.primary.collect { v -> Math.round(v * fork * 1000) / 1000.0d }
        }
    }
    return run
}

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
    def provenance = ['recordedAt': at.toString(), 'git.commit': commitOf(i), 'git.branch': 'main']
    def name = nameTime.format(at) + '-' + commitOf(i).substring(0, 12) + '-' + String.format('%08d', i)
    def file = new File(work, name + '.json')
    file.parentFile.mkdirs()
    file.text = JsonOutput.prettyPrint(JsonOutput.toJson(runOf(i, at.toString(), provenance))) + '\n'
}
git(work, ['add', '-A'])
git(work, ['commit', '-q', '-m', '30 runs of main'])
git(work, ['push', '-q', bare.absolutePath, 'perf-history'])
return true
