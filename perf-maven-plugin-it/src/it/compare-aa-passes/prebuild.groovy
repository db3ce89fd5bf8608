// Base and candidate differ only in a comment: any verdict but PASS would be a false alarm.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
fixture.repository(basedir, 'patch: a comment only') {
    def source = new File(basedir, 'src/test/java/org/example/bench/WorkBench.java')
    source.text = source.text.replace('public class WorkBench {', '/** Unchanged work. */\npublic class WorkBench {')
}
return true
