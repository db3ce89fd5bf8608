String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD SUCCESS')

// perf:check wrote the HTML report beside report.json, with the dots of both results files
File html = new File(basedir, 'target/perf/report.html')
assert html.isFile() : 'perf:check did not write target/perf/report.html'
String page = html.getText('UTF-8')
assert page.count('<svg ') == 4 : 'one picture per benchmark'
assert page.contains('data-benchmarks="4"')
assert page.contains('baseline fork 1: 12.10 us/op') : 'baseline forks read from src/perf/baseline.json'
assert page.contains('candidate fork 1: 14.60 us/op') : 'candidate forks read from perf/results.json'
assert !page.contains('Per-fork values unavailable')
assert !page.contains('<script')

// perf:methodology printed the block and wrote it
File jira = new File(basedir, 'target/perf/methodology.jira')
assert jira.isFile() : 'perf:methodology did not write target/perf/methodology.jira'
String block = jira.getText('UTF-8')
assert block.startsWith('h3. Performance methodology')
// it opens with the sentence a reviewer reads first: the regression, median and p95 before and after
assert block =~ /\nParserBench\.parse \(size=1000\): before \([^)]+\): median [0-9.]+ us\/op, p95 [0-9.]+ us\/op; after \([^)]+\): median [0-9.]+ us\/op, p95 [0-9.]+ us\/op \(p95 of /
assert block.contains('||Benchmark||Metric||Before||After||Change||p||Verdict||')
assert block.contains('|ParserBench.parse (size=1000)|median time|')
assert block.contains('{noformat}\nmvn -B verify -Pperf -Dperf.forks=10')
assert block.contains('* *Hardware:* AMD EPYC 7763 64\\-Core Processor, 2 cores, 7.8 GiB RAM') ||
       block.contains('* *Hardware:* AMD EPYC 7763 64-Core Processor, 2 cores, 7.8 GiB RAM')
assert block =~ /\*Vote:\* \\-1 perf: \d+ regressions?/
assert log.contains('[INFO] ||Benchmark||Metric||Before||After||Change||p||Verdict||') : 'the block is in the log'
assert log.contains('Methodology block written to')
return true
