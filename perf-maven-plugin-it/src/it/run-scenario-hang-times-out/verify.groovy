def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
assert log.contains("Scenario 'stuck-job' (warm JVM 1 of 5) hung in measured run 1 of 3: no progress within <runTimeout> 3.0 s.")
assert log.contains('| waiting for the ApplicationMaster')
assert log.contains('The main thread was at:')
assert log.contains('at it.scenario.HangingRunScenario.run(')
assert !new File(basedir, 'target/perf/results.json').exists() : 'no results.json after a hung scenario'
return true
