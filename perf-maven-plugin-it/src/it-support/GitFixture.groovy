// Shared by the perf:compare ITs (evaluated from their prebuild.groovy and verify.groovy). It lives outside
// src/it so that no invoker selection, -Dinvoker.test='!name' included, takes it for a test. Git is run with an
// argument list, never through a shell.

def git = { File dir, List<String> args ->
    def command = ['git', '-c', 'user.name=perf IT', '-c', 'user.email=it@perfgate.invalid',
                   '-c', 'commit.gpgsign=false', '-c', 'core.autocrlf=false'] + args
    def process = new ProcessBuilder(command).directory(dir).redirectErrorStream(true).start()
    def output = process.inputStream.text
    if (process.waitFor() != 0) {
        throw new IllegalStateException("git ${args.join(' ')} failed in ${dir}: ${output}")
    }
    return output.trim()
}

// Everything perf:compare promises not to change in the user's checkout.
def state = { File dir ->
    [['status', '--porcelain', '--untracked-files=all'], ['branch', '-a', '-v', '--no-abbrev'], ['stash', 'list'],
     ['worktree', 'list', '--porcelain'], ['rev-parse', 'HEAD'], ['diff'], ['diff', '--cached']]
        .collect { args -> "\$ git ${args.join(' ')}\n" + git(dir, args) }.join('\n')
}

// Makes the IT directory a repository: the files as cloned are the base commit on 'main'; edit() then makes the
// candidate commit on 'patch'. Leaves a stash entry and uncommitted files, which must survive the build. onBase,
// when given, runs with main checked out before the patch is made (e.g. a build that records on main).
def repository = { File dir, String candidateMessage, Closure edit, Closure onBase = null ->
    // written here: the invoker does not copy dot files, and it has already created build.log
    new File(dir, '.gitignore').text = 'target/\nbuild.log\n'
    git(dir, ['init', '-q'])
    git(dir, ['checkout', '-q', '-b', 'main'])
    git(dir, ['add', '-A'])
    git(dir, ['commit', '-q', '-m', 'base version'])
    def base = git(dir, ['rev-parse', 'HEAD'])
    if (onBase != null) {
        onBase(base)
    }
    git(dir, ['checkout', '-q', '-b', 'patch'])
    edit()
    git(dir, ['add', '-A'])
    git(dir, ['commit', '-q', '--allow-empty', '-m', candidateMessage])
    new File(dir, 'NOTES.txt').text = 'stashed change\n'
    git(dir, ['add', 'NOTES.txt'])
    git(dir, ['stash', 'push', '-q', '-m', 'work in progress the build must not touch'])
    new File(dir, 'untracked.txt').text = 'an untracked file\n'
    new File(dir, 'README.txt') << 'an uncommitted edit\n'
    new File(dir, '.git/perf-it-base-commit').text = base
    new File(dir, '.git/perf-it-state-before').text = state(dir)
    return base
}

def assertUnchanged = { File dir ->
    def before = new File(dir, '.git/perf-it-state-before').text
    def after = state(dir)
    assert after == before : "the user's checkout changed:\n--- before\n${before}\n--- after\n${after}"
    assert !new File(dir, '.git/worktrees').exists() || new File(dir, '.git/worktrees').list().length == 0
    def leftovers = new File(dir, 'target/perf').listFiles()?.findAll { it.isDirectory() && it.name.startsWith('base-') }
    assert !leftovers : "base checkouts left behind: ${leftovers}"
}

return [git: git, state: state, repository: repository, assertUnchanged: assertUnchanged,
        baseCommit: { File dir -> new File(dir, '.git/perf-it-base-commit').text.trim() }]
