def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')

// 1. the job summary holds report.md's verdict: the headline and the closed table with the FAIL row
def summary = new File(basedir, 'github-step-summary.md').text
def reportMd = new File(basedir, 'target/perf/report.md').text
def table = reportMd.substring(0, reportMd.indexOf('\n\n', reportMd.indexOf('| benchmark |')) + 2)
assert summary == table + '\n' : 'the summary is the verdict of report.md, appended once (step 2 could not)'
assert summary.startsWith('## perf:check: FAIL - 1 regression in 1 comparison')
assert summary =~ /\n\| ParserBench\.parse \| median \|[^\n]*\| \*\*FAIL\*\* \|\n/
assert summary.endsWith(' |\n\n\n') : 'the table is closed'
assert summary.indexOf('| benchmark |') == summary.lastIndexOf('| benchmark |') : 'appended once'
assert log.contains('Verdict added to the GitHub job summary github-step-summary.md')

// the comment body: the marker first, the verdict, the row that needs a look, where the full report is
def comment = new File(basedir, 'target/perf/pr-comment.md').text
def lines = comment.split('\n')
assert lines[0] == '<!-- perf-maven-plugin -->'
assert lines[1] == '## perf:check: FAIL - 1 regression in 1 comparison'
assert comment =~ /\n\| ParserBench\.parse \| median \|[^\n]*\| \*\*FAIL\*\* \|\n\n/
assert comment.contains('Full report: report.html in the artifacts of [this run](https://github.com/acme/parser/actions/runs/4242).')
assert comment.contains('<summary>The other row (PASS, not gated)</summary>')
assert comment.contains('<summary>Methodology</summary>')
assert comment.length() < 65536
assert log.contains('Pull-request comment: target/perf/pr-comment.md')

// 2. an unwritable summary costs only the summary; published reports are linked under perf.reportUrl
assert log =~ /\[WARNING\] Cannot append the verdict to the GitHub job summary no-such-directory.summary\.md \(GITHUB_STEP_SUMMARY\): .*; the verdict is unchanged/
def comment2 = new File(basedir, 'target/perf-2/pr-comment.md').text
assert comment2.startsWith('<!-- perf-maven-plugin -->\n## perf:check: FAIL')
assert comment2.contains('Full report: [report.html](https://ci.example.com/perf/report.html).')
assert log =~ /perf:check: FAIL - 1 regression in 1 comparison[\s\S]*perf:check: FAIL - 1 regression in 1 comparison/
return true
