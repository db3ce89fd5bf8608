// The cloned project is committed (main, then an empty commit on 'patch'): that commit is the one perf:baseline
// records as the baseline's. The working tree then reads the work per operation from IT_WORK (2000 when unset,
// the committed value), an uncommitted change that does nothing unless the invocation sets IT_WORK:
// - with IT_WORK=1400 the baseline is 0.7 times what this machine measures for the committed code, as if it
//   had been recorded on a faster machine;
// - with IT_WORK=6000 the working tree is three times slower than the committed code: a real slowdown, which the
//   baseline's commit, built in a worktree, does not have.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: nothing changed') { }
def source = new File(basedir, 'src/test/java/it/LoopBench.java')
def committed = 'private final int work = 2000;'
assert source.text.contains(committed)
source.text = source.text.replace(committed,
        'private final int work = Integer.parseInt(System.getenv().getOrDefault("IT_WORK", "2000"));')
return true
