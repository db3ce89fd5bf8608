// perf:report on its own: the standalone page beside report.json
File standalone = new File(basedir, 'perf-check/report.html')
assert standalone.isFile() : 'perf:report did not write perf-check/report.html'
String page = standalone.getText('UTF-8')
assert page.startsWith('<!DOCTYPE html>')
assert page.count('<svg ') == 4 : 'one picture per benchmark'
assert !page.contains('<script')

// as a report of mvn site: a page of the site, with the skin around the same content
File sitePage = new File(basedir, 'target/site/perf-report.html')
assert sitePage.isFile() : 'mvn site did not render perf-report.html'
String html = sitePage.getText('UTF-8')
assert html.contains('Performance report')
assert html.count('<svg ') == 4 : 'one picture per benchmark in the site page'
assert html.contains('ParserBench.parse (size=1000)')
assert html.contains('data-benchmarks="4"')
assert html.contains('fluido') : 'the site skin wraps the page'

File reportsIndex = new File(basedir, 'target/site/project-reports.html')
assert reportsIndex.getText('UTF-8').contains('perf-report.html') : 'listed among the project reports'

String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('HTML report written to')
assert !log.contains('[ERROR]')
return true
