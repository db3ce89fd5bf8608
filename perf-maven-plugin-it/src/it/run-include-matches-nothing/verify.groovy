// An include that selects nothing is an error that lists what exists.
def log = new File(basedir, 'build.log').text
assert log.contains('perf.includes=StringBench matches no benchmark (each pattern is a regular expression searched for in the full name, as JMH does). The 2 benchmarks are:')
assert log.contains('  it.HashBenchmarks.arrayHash')
assert log.contains('  it.HashBenchmarks.stringHash')
assert log.contains('org.apache.maven.plugin.MojoExecutionException')
assert !log.contains('fork 1 of')
assert !new File(basedir, 'target/perf/results.json').exists()
true
