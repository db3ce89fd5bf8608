// A repository for step 4, whose perf:compare sizes its rounds with the calibration step 2 saves; base and
// candidate differ only in a comment.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: a comment only') {
    def source = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
    source.text = source.text.replace('public class WorkBench {', '/** Unchanged work. */\npublic class WorkBench {')
}
return true
