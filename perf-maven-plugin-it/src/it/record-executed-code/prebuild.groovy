// the map is kept under the commit measured: make the IT directory a repository of its own on 'main' (the invoker
// does not copy dot files, so .gitignore is written here)
def git = { List<String> args ->
    def command = ['git', '-c', 'user.name=perf IT', '-c', 'user.email=it@perfgate.invalid',
                   '-c', 'commit.gpgsign=false'] + args
    def process = new ProcessBuilder(command).directory(basedir).redirectErrorStream(true).start()
    def output = process.inputStream.text
    assert process.waitFor() == 0 : "git ${args.join(' ')} failed: ${output}"
}
new File(basedir, '.gitignore').text = 'target/\nbuild.log\nperf-runs/\n'
git(['init', '-q'])
git(['checkout', '-q', '-b', 'main'])
git(['add', '-A'])
git(['commit', '-q', '-m', 'the benchmarks'])
return true
