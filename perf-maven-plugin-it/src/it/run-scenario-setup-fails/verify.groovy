def log = new File(basedir, 'build.log').text
assert log.contains('BUILD FAILURE')
assert log.contains("Scenario 'namenode-start' failed in set-up (cold JVM 1 of 3): "
        + 'java.lang.IllegalStateException: NameNode is still in safe mode after 30 s.')
assert log.contains('| starting the mini cluster') : 'the tail of the scenario log is quoted'
assert log.contains('| tear-down after a failed set-up')
assert log.contains('MojoExecutionException') || log.contains('[ERROR] Failed to execute goal')
assert !new File(basedir, 'target/perf/results.json').exists() : 'no results.json after a failed scenario'
assert !new File(basedir, 'target/perf/scenarios/namenode-start/cold-2.log').exists() : 'stops at the first failure'
return true
