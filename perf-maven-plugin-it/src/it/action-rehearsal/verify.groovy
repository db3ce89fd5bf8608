// A rehearsal of the GitHub Action on this scratch project. The steps of action.yml and comment/action.yml are read
// from those files and run as a runner runs a composite action's bash steps (their env: and ${{ }} expressions
// evaluated against a simulated event, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP); the steps that use other
// actions are played: the cache is a hit (the invoker's local repository already holds the plugin), the upload
// and download copy a directory. A stand-in gh on the PATH records every call it gets. It shows:
//   1. a fork's pull request: the measuring job (no token) FAILs a tenfold slowdown, calls no gh and writes no
//      branch; the commenting job checks the pull request against the run and creates the comment;
//   2. the next push: the same comment is edited, no second one;
//   3. a push with nothing to look at under perf.comment=problems: nothing is posted;
//   4. artifacts that lie (another pull request, a stale commit, a body without the marker): nothing is posted;
//   5. a push to main: check, record and trend (Maven played: only the command is checked); no comment;
//   6. the install step's command and cache key, on a stand-in source.
import groovy.json.JsonOutput

def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def root = new File(basedir, '../../../..').canonicalFile
def work = new File(basedir, 'target/rehearsal')
work.mkdirs()
def projectVersion = (new File(root, 'pom.xml').text =~ /<artifactId>perf-parent<\/artifactId>\s*<version>([^<]+)</)[0][1]

// --- the runner: the action's steps, read from its action.yml ---------------------------------------------------

// The steps of a composite action: each step's 'uses', 'if', 'run', 'working-directory', 'with' and 'env'.
def steps = { File actionYml ->
    def all = []
    def current = null
    def block = null     // 'env', 'with' or 'run' while reading a nested block
    actionYml.readLines().each { line ->
        if (line ==~ /    - .*/) {
            current = [env: [:], with: [:], run: null]
            all << current
            block = null
            line = '      ' + line.substring(6)
        }
        if (current == null || line.trim().isEmpty() || line.trim().startsWith('#')) {
            return
        }
        def m
        if (block == 'run' && line.startsWith('        ')) {
            current.run += line.substring(8) + '\n'
        } else if (block in ['env', 'with'] && (m = line =~ /^        ([A-Za-z_-]+): (.*?)(\s+#.*)?$/)) {
            current[block][m[0][1]] = m[0][2]
        } else if ((m = line =~ /^      ([a-z-]+):\s*(.*?)(\s+#.*)?$/)) {
            def key = m[0][1]
            def value = m[0][2]
            block = null
            if (key in ['env', 'with']) {
                block = key
            } else if (key == 'run' && value == '|') {
                block = 'run'
                current.run = ''
            } else {
                current[key] = value
            }
        }
    }
    return all
}
// The inputs' defaults.
def defaults = { File actionYml ->
    def result = [:]
    def name = null
    def inInputs = false
    actionYml.readLines().each { line ->
        if (line ==~ /^[a-z]+:.*/) {
            inInputs = line == 'inputs:'
        } else if (inInputs) {
            def m
            if ((m = line =~ /^  ([a-z-]+):$/)) {
                name = m[0][1]
            } else if ((m = line =~ /^    default: (.*)$/)) {
                result[name] = m[0][1] == "''" ? '' : m[0][1]
            }
        }
    }
    return result
}
// A value of action.yml with its ${{ }} expressions evaluated; what the context lacks is '', as on GitHub.
def evaluateValue
evaluateValue = { String value, Map context ->
    value.replaceAll(/\$\{\{\s*(.+?)\s*\}\}/) { all, String expr ->
        def join = expr =~ /^join\((.+)\.\*\.(\w+), ' '\)$/
        def lookup = { String path ->
            def node = context
            for (part in path.split('\\.')) {
                node = node instanceof Map ? node[part] : null
            }
            node
        }
        def result
        if (join.matches()) {
            result = (lookup(join[0][1]) ?: []).collect { it[join[0][2]] }.join(' ')
        } else {
            assert expr ==~ /[A-Za-z_][\w.-]*/ : "the rehearsal cannot evaluate \${{ ${expr} }}"
            result = lookup(expr)
        }
        def text = result == null ? '' : result.toString()
        text.contains('${{') ? evaluateValue(text, context) : text
    }
}

def bin = new File(work, 'bin')
bin.mkdirs()
new File(bin, 'gh').text = new File(basedir, 'stubs/gh').text
// Maven as the invoker runs it: its settings and local repository, which already hold the plugin
def settings = new File(basedir.parentFile, 'interpolated-settings.xml')
assert settings.isFile() : "no ${settings}"
new File(bin, 'mvn').text = """#!/usr/bin/env bash
exec '${System.getProperty('maven.home')}/bin/mvn' -s '${settings}' -Dmaven.repo.local='${localRepositoryPath}' "\$@"
"""
bin.listFiles().each { it.setExecutable(true) }
def ghState = new File(work, 'gh')
new File(ghState, 'pulls').mkdirs()
def calls = new File(ghState, 'calls.log')
calls.text = ''
def storage = new File(work, 'artifacts')   // what upload-artifact keeps, by run id and name
def runIds = 4200

// Runs one job's steps of an action; returns the outputs and logs of each step by id (or index).
def runJob = { File actionYml, Map inputs, Map github, Map extraEnv, Map<String, Closure> played ->
    def runner = new File(work, "runner-${github.run_id}-${actionYml.parentFile.name}")
    runner.deleteDir()
    runner.mkdirs()
    def eventFile = new File(runner, 'event.json')
    eventFile.text = JsonOutput.toJson(github.event)
    def summary = new File(runner, 'summary.md')
    summary.text = ''
    def context = [inputs: defaults(actionYml) + inputs, github: github, runner: [temp: runner.path], steps: [:]]
    def result = [summary: summary, runner: runner, steps: [:], failed: false]
    steps(actionYml).eachWithIndex { step, i ->
        def id = step.id ?: String.valueOf(i)
        def condition = step['if']
        if (step.uses) {
            def with = step.with.collectEntries { k, v -> [k, evaluateValue(v, context)] }
            assert played.containsKey(step.uses) : "the rehearsal does not play ${step.uses}"
            def outputs = played[step.uses](with, condition, result) ?: [:]
            context.steps[id] = [outputs: outputs]
            return
        }
        if (condition != null) {
            // only the conditions the action has; each is decided as GitHub would
            if (condition == "steps.cache.outputs.cache-hit != 'true'") {
                if (context.steps.cache.outputs['cache-hit'] == 'true') {
                    result.steps[id] = [skipped: true]
                    return
                }
            } else {
                assert false : "the rehearsal cannot decide if: ${condition}"
            }
        } else if (result.failed) {
            result.steps[id] = [skipped: true]
            return
        }
        def output = new File(runner, "output-${id}")
        output.text = ''
        def env = new HashMap<String, Object>(System.getenv())
        env.keySet().removeAll(['GH_TOKEN', 'GITHUB_TOKEN', 'MAVEN_ARGS', 'MAVEN_CONFIG'])
        env.putAll([PATH: bin.path + File.pathSeparator + System.getenv('PATH'),
                    MAVEN_OPTS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC',
                    GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_SERVER_URL: 'https://github.com',
                    GITHUB_REPOSITORY: github.repository, GITHUB_RUN_ID: github.run_id.toString(),
                    GITHUB_EVENT_NAME: github.event_name, GITHUB_EVENT_PATH: eventFile.path,
                    GITHUB_REF: github.ref ?: '', GITHUB_WORKSPACE: basedir.path,
                    GITHUB_ACTION_PATH: actionYml.parentFile.path, GITHUB_OUTPUT: output.path,
                    GITHUB_STEP_SUMMARY: summary.path, RUNNER_TEMP: runner.path, GH_STUB_STATE: ghState.path])
        env.putAll(extraEnv)
        step.env.each { k, v -> env[k] = evaluateValue(v, context) }
        def script = new File(runner, "step-${id}.sh")
        script.text = step.run ?: ''
        def dir = step['working-directory'] ? new File(basedir, evaluateValue(step['working-directory'], context))
                : basedir
        def pb = new ProcessBuilder(['bash', '--noprofile', '--norc', '-eo', 'pipefail', script.path])
                .directory(dir).redirectErrorStream(true)
        pb.environment().clear()
        env.each { k, v -> pb.environment()[k.toString()] = v.toString() }
        def started = System.nanoTime()
        def process = pb.start()
        def log = process.inputStream.text
        def status = process.waitFor()
        new File(runner, "log-${id}.txt").text = log
        println "[rehearsal] ${actionYml.parentFile.name == root.name ? 'action' : actionYml.parentFile.name} step ${id}: exit ${status} in ${(System.nanoTime() - started).intdiv(1000000)} ms"
        def outputs = [:]
        output.readLines().each { line ->
            def eq = line.indexOf('=')
            if (eq > 0) {
                outputs[line.substring(0, eq)] = line.substring(eq + 1)
            }
        }
        context.steps[id] = [outputs: outputs]
        result.steps[id] = [status: status, log: log, outputs: outputs]
        if (status != 0) {
            result.failed = true
        }
    }
    return result
}

def action = new File(root, 'action.yml')
def commentAction = new File(root, 'comment/action.yml')
def copyTree = { File from, File to ->
    def source = from.toPath()
    java.nio.file.Files.walk(source).withCloseable { paths ->
        paths.each { p ->
            def target = to.toPath().resolve(source.relativize(p).toString())
            if (java.nio.file.Files.isDirectory(p)) {
                java.nio.file.Files.createDirectories(target)
            } else {
                java.nio.file.Files.copy(p, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
            }
        }
    }
}
// the steps that use other actions, as the rehearsal plays them
def measuringActions = { int runId ->
    ['actions/cache@v4'        : { with, condition, job ->
        assert with.path == '~/.m2/repository/io/perfgate'
        assert with.key.startsWith("perf-maven-plugin-${projectVersion}-") : "cache key ${with.key}"
        ['cache-hit': 'true']   // the plugin is in the local repository already
    },
     'actions/upload-artifact@v4': { with, condition, job ->
         assert condition == "always() && steps.measure.outputs.directory != ''"
         if (with.path) {
             copyTree(new File(with.path), new File(storage, "${runId}/${with.name}"))
         }
         [:]
     }]
}
def commentingActions = { int runId ->
    ['actions/download-artifact@v4': { with, condition, job ->
        assert with.pattern == 'perf-maven-plugin*' && with['run-id'] == runId.toString()
        new File(storage, runId.toString()).listFiles()?.each { copyTree(it, new File(with.path, it.name)) }
        [:]
    }]
}
def repository = [full_name: 'acme/parser', default_branch: 'main']
def git = { List<String> args -> fixture.git(basedir, args) }
def head = { git(['rev-parse', 'HEAD']) }
def base = git(['rev-parse', 'main'])
def pullRequest = { int number, String sha, String from ->
    new File(ghState, "pulls/${number}").text = "open\t${sha}\tacme/parser\t${from}\n"
}
// a measuring run of a pull request from a fork: no token, and GitHub lists no pull request for the run
def measurePullRequest = { int number, String from, Map inputs ->
    def runId = ++runIds
    def sha = head()
    def github = [event_name: 'pull_request', ref: "refs/pull/${number}/merge", repository: 'acme/parser',
                  run_id: runId, token: '',
                  event: [repository: repository,
                          pull_request: [number: number, head: [sha: sha, repo: [full_name: from]],
                                         base: [sha: base, repo: [full_name: 'acme/parser']]]]]
    def before = calls.text
    def refsBefore = git(['for-each-ref'])
    def job = runJob(action, inputs, github, [:], measuringActions(runId))
    assert calls.text == before : "the measuring job called gh:\n${calls.text.substring(before.length())}"
    assert git(['for-each-ref']) == refsBefore : 'the measuring job of a pull request wrote a ref'
    assert !job.steps['2'].status && job.steps['2'].skipped : 'the install step ran on a cache hit'
    return [runId: runId, sha: sha, job: job, from: from]
}
def commentOn = { Map run, Map overrides = [:] ->
    def github = [event_name: 'workflow_run', repository: 'acme/parser', run_id: runIds + 1000, token: 'ghs_stub',
                  event: [repository: repository,
                          workflow_run: [id: run.runId, event: 'pull_request', head_sha: run.sha,
                                         head_repository: [full_name: run.from], pull_requests: []] + overrides]]
    def before = calls.text
    def job = runJob(commentAction, [:], github, [:], commentingActions(run.runId))
    def comment = job.steps['1']
    assert comment.status == 0 : comment.log
    return [log: comment.log, calls: calls.text.substring(before.length()).readLines()]
}
def comments = { int number -> (new File(ghState, "comments/${number}").listFiles() ?: []).findAll { it.name.endsWith('.body') } }
def tail = { String log -> log.readLines().takeRight(40).join('\n') }
def writes = { List<String> lines -> lines.findAll { it.contains('-X POST') || it.contains('-X PATCH') } }

// --- 1. the fork's first push: a tenfold slowdown ---------------------------------------------------------------
def run1 = measurePullRequest(7, 'forker/parser', [profile: 'perf', 'maven-args': '-Dperf.profile=none'])
def measure1 = run1.job.steps.measure
assert measure1.status != 0 : "the FAIL did not fail the step:\n${tail(measure1.log)}"
assert measure1.log.contains("-Pperf -Dperf.against=${base}") : tail(measure1.log)
assert measure1.log =~ /FAIL .*WorkBench\.work/ : tail(measure1.log)
def artifact1 = new File(storage, "${run1.runId}/perf-maven-plugin")
def body1 = new File(artifact1, 'target/perf/pr-comment.md').text
assert body1.startsWith('<!-- perf-maven-plugin -->\n')
assert body1.contains("in the artifacts of [this run](https://github.com/acme/parser/actions/runs/${run1.runId})")
assert new File(artifact1, 'target/perf/report.json').isFile() && new File(artifact1, 'target/perf/report.md').isFile()
assert new File(artifact1, 'pull-request.txt').text == "mode=compare\nevent=pull_request\nnumber=7\nhead_sha=${run1.sha}\n"
def summary1 = run1.job.summary.text
assert summary1 =~ /perf:(check|compare): FAIL/ : 'the plugin did not write the verdict to the job summary'
assert summary1.contains('the reports of 1 module(s) are in the artifact `perf-maven-plugin` of this run (1 pull-request comment(s) to post)')

pullRequest(7, run1.sha, 'forker/parser')
def comment1 = commentOn(run1)
assert comment1.calls[0].startsWith('api repos/acme/parser/pulls/7 ') : comment1.calls
assert comment1.calls[1].startsWith('api --paginate repos/acme/parser/issues/7/comments')
assert comment1.calls[2].startsWith('api -X POST repos/acme/parser/issues/7/comments -F body=@')
assert comment1.calls.size() == 3
assert comments(7).size() == 1 && comments(7)[0].text == body1 : 'created: the comment is the artifact\'s body'
def id = comments(7)[0].name - '.body'

// --- 2. the next push undoes the slowdown: the same comment, edited. Measured without a profile, by the goals' full
//        names; perf.affected finds no benchmark that reaches a changed class, so only the base is built ---------
def bench = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
bench.text = bench.text.replace('TOKENS = 10000', 'TOKENS = 1000')
new File(basedir, 'README.txt') << 'The slowdown undone.\n'
git(['commit', '-q', '-am', 'fix: the work as before'])
def run2 = measurePullRequest(7, 'forker/parser', ['maven-args': '-Dperf.affected=true'])
def measure2 = run2.job.steps.measure
assert measure2.log.contains("test-compile io.perfgate:perf-maven-plugin:${projectVersion}:compare") : tail(measure2.log)
assert measure2.log.contains('perf.affected: no benchmark reaches a changed class, so nothing is measured') : tail(measure2.log)
def body2 = new File(storage, "${run2.runId}/perf-maven-plugin/target/perf/pr-comment.md").text
pullRequest(7, run2.sha, 'forker/parser')
def comment2 = commentOn(run2)
def edits = writes(comment2.calls)
assert edits.size() == 1 && edits[0].startsWith("api -X PATCH repos/acme/parser/issues/comments/${id} -F body=@") :
        comment2.calls
assert comments(7).size() == 1 : 'edited: no second comment'
assert comments(7)[0].text == body2 && body2 != body1

// --- 3. nothing to look at, perf.comment=problems: nothing posted ------------------------------------------------
new File(basedir, 'README.txt') << 'A third push that changes no class.\n'
git(['commit', '-q', '-am', 'docs: a third push'])
def run3 = measurePullRequest(7, 'forker/parser', [profile: 'perf', 'maven-args': '-Dperf.affected=true -Dperf.comment=problems'])
assert run3.job.steps.measure.status == 0 : tail(run3.job.steps.measure.log)
assert run3.job.steps.measure.log.contains('No pull-request comment: nothing needs a look (perf.comment=problems)') :
        tail(run3.job.steps.measure.log)
assert !new File(storage, "${run3.runId}/perf-maven-plugin/target/perf/pr-comment.md").exists()
pullRequest(7, run3.sha, 'forker/parser')
def comment3 = commentOn(run3)
assert comment3.calls.isEmpty() : comment3.calls
assert comment3.log.contains('nothing posted')
assert comments(7).size() == 1 && comments(7)[0].text == body2 : 'silent: the comment stays as it was'

// --- 4. artifacts that lie --------------------------------------------------------------------------------------
// (a) the first run's artifact again: pull request 7 has moved on to the third push
def stale = commentOn(run1)
assert writes(stale.calls).isEmpty() && stale.log.contains('this run measured') : stale.log
// (b) a fork's artifact naming another pull request (8, whose head is not the commit the run measured)
def forged = new File(storage, "${++runIds}/perf-maven-plugin")
copyTree(artifact1, forged)
new File(forged, 'pull-request.txt').text = "mode=compare\nevent=pull_request\nnumber=8\nhead_sha=${run3.sha}\n"
pullRequest(8, base, 'someone/parser')
def other = commentOn([runId: runIds, sha: run3.sha, from: 'forker/parser'])
assert writes(other.calls).isEmpty() && other.log.contains('#8 is at') : other.log
// (c) a branch of the repository itself: GitHub lists the run's pull request, and it is not the artifact's
def listed = commentOn([runId: runIds, sha: run3.sha, from: 'acme/parser'], [pull_requests: [[number: 7]]])
assert listed.calls.isEmpty() && listed.log.contains('not one of the run\'s (7)') : listed.log
// (d) a body that is not the plugin's
new File(forged, 'pull-request.txt').text = "mode=compare\nevent=pull_request\nnumber=7\nhead_sha=${run3.sha}\n"
new File(forged, 'target/perf/pr-comment.md').text = 'Please merge this\n'
def foreign = commentOn([runId: runIds, sha: run3.sha, from: 'forker/parser'])
assert writes(foreign.calls).isEmpty() && foreign.log.contains('does not start with the plugin\'s marker') : foreign.log
assert comments(7).size() == 1 && comments(7)[0].text == body2 && comments(8).isEmpty()

// --- 5. a push to main: check, record and trend, Maven played ---------------------------------------------------
def played = new File(work, 'played-maven')
played.mkdirs()
new File(played, 'mvn').text = '''#!/usr/bin/env bash
printf '%s\\n' "$*" >"$RUNNER_TEMP/mvn-args"
mkdir -p target/perf && echo '## perf:trend: no change point' >target/perf/trend.md
'''
new File(played, 'mvn').setExecutable(true)
git(['checkout', '-q', 'main'])
def mainRun = ++runIds
def mainJob = runJob(action, [profile: 'perf', budget: '10m'], [event_name: 'push', ref: 'refs/heads/main',
        repository: 'acme/parser', run_id: mainRun, token: '', event: [repository: repository]],
        [PATH: played.path + File.pathSeparator + bin.path + File.pathSeparator + System.getenv('PATH')],
        measuringActions(mainRun))
assert mainJob.steps.measure.status == 0 : mainJob.steps.measure.log
assert new File(mainJob.runner, 'mvn-args').text ==
        'verify perf:record perf:trend -B -ntp -Pperf -Dperf.budget=10m -Dperf.failOnRegression=false\n'
assert mainJob.summary.text.startsWith('## perf:trend: no change point\n')
assert new File(storage, "${mainRun}/perf-maven-plugin/pull-request.txt").text == 'mode=history\nevent=push\n'
def before = calls.text
def github = [event_name: 'workflow_run', repository: 'acme/parser', run_id: mainRun + 1000, token: 'ghs_stub',
              event: [workflow_run: [id: mainRun, event: 'push', head_sha: head(), pull_requests: []]]]
def mainComment = runJob(commentAction, [:], github, [:], commentingActions(mainRun))
assert mainComment.steps['1'].log.contains('not a pull request: no comment') && calls.text == before

// --- 6. the install step: its command, and a cache key that follows the source ----------------------------------
def source = new File(work, 'source')
['perf-scenario-api/src/main', 'perf-core/src/main', 'perf-maven-plugin/src/main'].each { new File(source, it).mkdirs() }
new File(source, 'pom.xml').text = new File(root, 'pom.xml').text
new File(source, 'perf-core/src/main/A.java').text = 'class A {}\n'
new File(source, 'mvnw').text = '#!/usr/bin/env bash\nprintf \'%s\\n\' "$*" >mvnw-args\n'
new File(source, 'mvnw').setExecutable(true)
def install = { String command ->
    def p = new ProcessBuilder(['bash', new File(root, '.github/perf-action/install.sh').path, command, source.path])
            .redirectErrorStream(true)
    p.environment().remove('GITHUB_OUTPUT')
    def proc = p.start()
    def out = proc.inputStream.text
    assert proc.waitFor() == 0 : out
    out
}
assert install('install').contains("Building perf-maven-plugin ${projectVersion}")
assert new File(source, 'mvnw-args').text == '-B -q -ntp install -DskipTests -Dinvoker.skip=true -pl perf-maven-plugin -am\n'
def key1 = install('key')
assert install('key') == key1 : 'the same source, the same key'
new File(source, 'perf-core/src/main/A.java').text = 'class A { int changed; }\n'
assert install('key') != key1 : 'a changed source, a new key'
return true
