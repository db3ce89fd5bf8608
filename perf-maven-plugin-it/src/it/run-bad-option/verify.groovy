// Every invalid value is named with its accepted form in one BUILD ERROR (MojoExecutionException), before any run.
def log = new File(basedir, 'build.log').text

assert log.contains('4 perf:run options are invalid:')
assert log.contains('perf.forks=abc is not a whole number >= 1 (or auto); example: -Dperf.forks=10')
assert log.contains('perf.warmupTime=1x is not a time above zero such as 1 s, 500ms or 2min (or auto); example: -Dperf.warmupTime=1s')
assert log.contains("perf.params=size is not a list of name=value,value... separated by ';', each name once; example: -Dperf.params=size=10,100;type=a")
assert log.contains('perf.jmhArgs sets -rff, which perf:run controls itself')
assert log.contains('org.apache.maven.plugin.MojoExecutionException'), 'bad input is a BUILD ERROR, not a gate failure'

assert !log.contains('fork 1 of'), 'nothing may run'
assert !new File(basedir, 'target/perf/results.json').exists()
true
