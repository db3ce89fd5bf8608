// The cloned project is the base commit on 'main'. There, before the patch exists, a build does what main's job
// would: perf:run measures the benchmarks (one short fork each) and, as perf.affected is true for the project
// (perf.executedCode=auto), records the project's methods each benchmark and parameter set ran; perf:record keeps
// that map beside the run on the perf-history branch. The candidate commit on 'patch' then makes AlphaWorker, which
// only AlphaBench runs (BetaBench gets BetaWorker from the same registry), do ten times the work.
def fixture = evaluate(new File(basedir, '../../../src/it-support/GitFixture.groovy'))
def settings = new File(basedir.parentFile, 'interpolated-settings.xml')
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
fixture.repository(basedir, 'patch: the alpha worker does ten times the work', {
    def source = new File(basedir, 'src/main/java/plug/AlphaWorker.java')
    assert source.text.contains('i < 200;')
    source.text = source.text.replace('i < 200;', 'i < 2000;')
}, { String base ->
    def log = new File(basedir, 'target/main-build.log')
    log.parentFile.mkdirs()
    def process = new ProcessBuilder(mvn, '-B', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}",
            'test-compile', 'perf:run', 'perf:record', '-Dperf.forks=1')
            .directory(basedir).redirectErrorStream(true).redirectOutput(log).start()
    assert process.waitFor() == 0 : "the build on main failed; see ${log}"
})
return true
