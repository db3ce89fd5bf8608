import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def git = fixture.git

def points = { String dir ->
    def changes = new JsonSlurper().parse(new File(basedir, dir + '/changes.json'))
    assert changes.schema == 1 && changes.branch == 'main'
    return changes
}

// 1. the step, the creep, nothing in the flat benchmark
def first = points('target/perf')
assert first.runs == 30
def step = first.changes.findAll { it.benchmark == 'com.acme.ParserBench.parse' }
assert step.size() == 1 : "one change point in the step: ${step}"
assert step[0].slowdown == true && step[0].metric == 'median' && step[0].mode == 'avgt' && step[0].direction == 'lower'
assert Math.abs(step[0].index - 20) <= 1 : "the step is at run index 20, found at ${step[0].index}"
assert Math.abs(step[0].change - 0.15) < 0.02
assert step[0].changeLow < step[0].change && step[0].change < step[0].changeHigh
assert step[0].pValue < 0.001
assert step[0].commits == step[0].lastRunBefore.commit + '..' + step[0].firstRunAfter.commit
assert step[0].firstRunAfter.recordedAt.startsWith('2026-10-2')
def creep = first.changes.findAll { it.benchmark == 'com.acme.LexerBench.tokens' }
assert creep.any { it.slowdown } : "the creep is found: ${creep}"
assert first.changes.findAll { it.benchmark == 'com.acme.WriterBench.write' }.isEmpty()

def md = new File(basedir, 'target/perf/trend.md').text
assert md.startsWith('## Performance trend of main\n')
assert md =~ /\n\| slower \| ParserBench\.parse \| avgt \| median \| \+1[456]\.\d %/
def html = new File(basedir, 'target/perf/trend.html').text
assert html.contains('data-benchmarks="3"') && html.count('<figure data-benchmark=') == 3
assert !html.contains('<script') && !(html =~ /(src|href)="https?:/) : 'self-contained: no script, nothing fetched'
assert log.contains('[WARNING] Slower: ParserBench.parse [avgt] median: +1')

// Otava's CSV: a header and 30 rows, with its configuration beside it
def csv = new File(basedir, 'target/perf/history.csv').readLines()
assert csv.size() == 31 && csv[0].startsWith('time,commit,run,branch,')
assert new File(basedir, 'target/perf/history.yaml').text.contains('type: csv')

// the reported points were saved on the history branch and pushed
def bare = new File(basedir, 'history.git')
def stored = new JsonSlurper().parseText(git(bare, ['show', 'perf-history:changes.json']))
def key = { c -> [c.benchmark, c.mode, c.metric, c.firstRunAfter.run] }
assert stored.changes.collect(key) as Set == first.changes.collect(key) as Set

// 2. one more run recorded, and the same points, at the same runs
assert log.contains('Recorded ')
def second = points('target/perf-2')
assert second.runs == 31
assert second.changes.collect(key) as Set == first.changes.collect(key) as Set :
        "the same change points after one more run:\n${first.changes.collect(key)}\n${second.changes.collect(key)}"
assert git(bare, ['ls-tree', '-r', '--name-only', 'perf-history']).readLines().size() == 33 : '31 records, changes.json and the marker .perf-history'
return true
