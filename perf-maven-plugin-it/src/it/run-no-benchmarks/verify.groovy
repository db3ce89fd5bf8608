// The error says where the list should be and gives the POM snippet that adds JMH's annotation processor.
def log = new File(basedir, 'build.log').text
assert log.contains('No JMH benchmarks found: ')
assert log.contains('target/test-classes/META-INF/BenchmarkList does not exist or lists nothing')
// the class has @Benchmark but was compiled without the processor, and the message says so
assert log.contains('Yet a class has @Benchmark methods (it.Unprocessed), so the processor did not run when they were compiled.')
assert log.contains('<annotationProcessorPaths>')
assert log.contains('<artifactId>jmh-generator-annprocess</artifactId>')
assert log.contains('<id>default-testCompile</id>')
assert log.contains('as a dependency with <scope>test</scope>')
assert log.contains('org.apache.maven.plugin.MojoExecutionException')
assert new File(basedir, 'target/test-classes/it/Unprocessed.class').isFile(), 'the test sources were compiled'
assert !new File(basedir, 'target/perf/results.json').exists()
true
